import { expect, it } from 'vitest';
import { prettyLine } from './pretty-log.js';

const at = new Date(2026, 10, 30, 9, 5, 7).getTime();
const line = (record: object) => `${JSON.stringify({ pid: 1, hostname: 'h', time: at, ...record })}\n`;

it('writes a record as time, level and message, with its other fields after', () => {
  expect(prettyLine(line({ level: 30, msg: 'Demo seeded in 14.6 s' }), { color: false })).toBe(
    '09:05:07 INFO  Demo seeded in 14.6 s\n',
  );
  expect(
    prettyLine(line({ level: 40, msg: 'a job failed', job: { kind: 'mail' }, late: 'x y' }), { color: false }),
  ).toBe('09:05:07 WARN  a job failed job={"kind":"mail"} late="x y"\n');
});

it("writes a request as its method, URL, status and time, and an error's stack under it", () => {
  const request = { reqId: 'r1', req: { method: 'GET', url: '/api/me' }, res: { statusCode: 200 }, responseTime: 3.14 };
  expect(prettyLine(line({ level: 30, msg: 'request completed', ...request }), { color: false })).toBe(
    '09:05:07 INFO  GET /api/me 200 3.1 ms\n',
  );
  const failed = prettyLine(
    line({
      level: 50,
      msg: 'request errored',
      ...request,
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
    }),
    { color: false },
  );
  expect(failed.split('\n')).toEqual([
    '09:05:07 ERROR request errored: GET /api/me 200 3.1 ms',
    '               Error: boom',
    '                   at x',
    '',
  ]);
});

it("writes a record's lines one under the other (the start-up block), its URL once, and colours only when told", () => {
  const block = line({
    level: 30,
    msg: 'Partner Console is ready at http://localhost:3000',
    url: 'http://localhost:3000',
    lines: ['Console    http://localhost:3000', 'API docs   http://localhost:3000/docs'],
  });
  expect(prettyLine(block, { color: false })).toBe(
    '09:05:07 INFO  Partner Console is ready at http://localhost:3000\n' +
      '               Console    http://localhost:3000\n' +
      '               API docs   http://localhost:3000/docs\n',
  );
  expect(prettyLine(block, { color: true })).toContain('\u001b[32mINFO ');
  expect(prettyLine('not json', { color: true })).toBe('not json\n');
});
