// Runs a command against a throwaway PostgreSQL 15 server on a free local port:
//   node scripts/with-postgres.mjs npx vitest run
// The server's data lives in a temp dir that is removed afterwards. PostgreSQL refuses to run as
// root, so as root the server runs as the "postgres" user.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, pgRun, serverDir } from './pg-server.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command...>');
  process.exit(2);
}

const dir = serverDir('pc-pg-');

const data = path.join(dir, 'data');
const port = await freePort();
let started = false;
const stop = () => {
  if (started) {
    try {
      pgRun('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']);
    } catch {
      /* already gone */
    }
  }
  rmSync(dir, { recursive: true, force: true });
};

try {
  pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  pgRun('pg_ctl', [
    'start',
    '-D',
    data,
    '-s',
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  started = true;
} catch (error) {
  console.error(String(error));
  stop();
  process.exit(1);
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL 15 running for this run at ${url}`);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  stop();
  process.exit(code ?? 1);
});
