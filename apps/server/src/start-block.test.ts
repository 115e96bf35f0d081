import { expect, it } from 'vitest';
import { demoSignIns } from './seed/sign-ins.js';
import { startBlockLines } from './start-block.js';

it('ends a start with the URL, the API docs, the database, the demo sign-ins and the embedded sign-up page', () => {
  const lines = startBlockLines({
    url: 'http://localhost:3000',
    host: '127.0.0.1',
    database: 'embedded, in /srv/data',
    demo: { created: true, signIns: demoSignIns, signupPages: [{ name: 'Acme Messaging', id: 'p1' }] },
  });
  expect(lines.slice(0, 4)).toEqual([
    'Console    http://localhost:3000  (this machine only; HOST=0.0.0.0 opens it to the network)',
    'API docs   http://localhost:3000/docs',
    'Database   embedded, in /srv/data',
    'Demo sign-ins (user name / password), seeded now:',
  ]);
  expect(lines).toContain('  admin    / Admin@123     platform super-admin');
  expect(lines).toContain('  http://localhost:3000/p1/embed/signup');
  expect(lines.filter((l) => l.startsWith('  ') && l.includes(' / '))).toHaveLength(demoSignIns.length);
});

it('says when the console is open to the network, and has no sign-ins without the demo', () => {
  const lines = startBlockLines({ url: 'http://localhost:3000', host: '0.0.0.0', database: 'PostgreSQL' });
  expect(lines[0]).toBe('Console    http://localhost:3000  (every network this machine is on: HOST=0.0.0.0)');
  expect(lines.join('\n')).not.toContain('sign-in');
});
