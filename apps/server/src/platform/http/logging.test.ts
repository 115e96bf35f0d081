import { Writable } from 'node:stream';
import { PLATFORM_KEY_HEADER } from '@pc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { createLogger, logDestination, redactUrl } from './logging.js';

const PLATFORM_KEY = 'platform-key-that-must-not-be-logged';
let t: TestContext;
let app: App;
let lines: string[] = [];
let owner: string;

beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: PLATFORM_KEY } });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(t.deps, { logger: createLogger('info', sink) });
  // A handler that fails unexpectedly, to see what a 500 logs.
  app.post('/test-only/boom', async () => {
    throw new Error('boom');
  });
  owner = await signInAs(app, 'owner');
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const secrets = [
  'Owner@123',
  'wrong-password-secret',
  'reset-link-token-secret',
  'sign-in-link-token-secret',
  'sandbox-link-secret',
  'facebook-code-secret',
  PLATFORM_KEY,
  'New@Pass-secret-1',
  'Old-wrong-secret',
];

describe('request logs', () => {
  it('carry no secret: tokens, passwords, link tokens, API keys (URLs included)', async () => {
    lines = [];
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${owner}` } }),
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { userName: 'owner', password: 'wrong-password-secret' },
      }),
      app.inject({ method: 'GET', url: '/reset-password?token=reset-link-token-secret' }),
      app.inject({ method: 'GET', url: '/login?token=sign-in-link-token-secret&tenant=x' }),
      app.inject({
        method: 'GET',
        url: '/platform/meta/link-callback?code=facebook-code-secret&state=sandbox-link-secret',
      }),
      app.inject({
        method: 'POST',
        url: '/platform/message-events',
        headers: { [PLATFORM_KEY_HEADER]: PLATFORM_KEY },
        payload: { events: [] },
      }),
      app.inject({
        method: 'POST',
        url: '/auth/password-reset',
        headers: { authorization: `Bearer ${owner}` },
        payload: {
          oldPassword: 'Old-wrong-secret',
          newPassword: 'New@Pass-secret-1',
          confirmPassword: 'New@Pass-secret-1',
        },
      }),
      app.inject({
        method: 'POST',
        url: '/test-only/boom',
        headers: { authorization: `Bearer ${owner}`, cookie: 'session=cookie-secret' },
        payload: { password: 'Owner@123' },
      }),
    ]);
    expect(answers.at(-1)!.statusCode).toBe(500);
    const output = lines.join('\n');
    for (const secret of [...secrets, owner, 'cookie-secret']) expect(output).not.toContain(secret);
    expect(output).toContain('token=[REDACTED]');
    expect(output).toContain('code=[REDACTED]&state=[REDACTED]');
    expect(output).toContain('"msg":"unhandled error"');
  });

  it('are JSON lines with the request id answered in X-Request-Id, and the partner and user when signed in', async () => {
    lines = [];
    const mine = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${owner}` } });
    const given = await app.inject({ method: 'GET', url: '/api/app-config', headers: { 'x-request-id': 'lb-42.a' } });
    const forged = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'bad id\n{"x":1}' },
    });
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.length).toBeGreaterThanOrEqual(3);
    const id = String(mine.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const completed = parsed.find((l) => l.reqId === id && l.msg === 'request completed');
    expect(completed).toMatchObject({ partnerId: expect.any(String), userId: expect.any(String) });
    expect(given.headers['x-request-id']).toBe('lb-42.a');
    // One line a request, when it is answered.
    expect(parsed.filter((l) => l.reqId === 'lb-42.a')).toMatchObject([
      { msg: 'request completed', res: { statusCode: 200 } },
    ]);
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

it("the sandbox's calls to this server itself are logged at debug, not among what people do", async () => {
  lines = [];
  const own = await app.inject({ method: 'POST', url: '/sandbox/webhook-receiver/ok', payload: {} });
  const person = await app.inject({ method: 'GET', url: '/api/app-config' });
  expect([own.statusCode, person.statusCode]).toEqual([200, 200]);
  const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; level: number });
  expect(parsed.some((l) => l.reqId === own.headers['x-request-id'])).toBe(false);
  expect(parsed.find((l) => l.reqId === person.headers['x-request-id'])).toMatchObject({ level: 30 });
});

it('writes JSON lines to a pipe or a file and readable ones to a terminal, unless LOG_FORMAT says which', () => {
  const pipe = { isTTY: undefined };
  const terminal = { isTTY: true, hasColors: () => false };
  const isPretty = (d: unknown) => !('flushSync' in (d as object));
  expect(isPretty(logDestination('auto', pipe))).toBe(false);
  expect(isPretty(logDestination('auto', terminal))).toBe(true);
  expect(isPretty(logDestination('json', terminal))).toBe(false);
  expect(isPretty(logDestination('pretty', pipe))).toBe(true);
});

it('redactUrl keeps harmless parameters and hides credential ones', () => {
  expect(redactUrl('/a?tenant=x&token=abc&t=def&x-id=1&api_key=k&code=c&state=s')).toBe(
    '/a?tenant=x&token=[REDACTED]&t=[REDACTED]&x-id=1&api_key=[REDACTED]&code=[REDACTED]&state=[REDACTED]',
  );
  expect(redactUrl('/plain')).toBe('/plain');
  expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[REDACTED]');
});

it('a line that holds headers or credentials by mistake has them censored, and the rest kept', () => {
  const out: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = createLogger('info', sink);
  const line = {
    headers: { authorization: 'Bearer h-secret', 'x-platform-key': 'k-secret', accept: 'json' },
    req: { method: 'GET', url: '/x', headers: { cookie: 'c-secret' } },
    body: { userName: 'owner', password: 'p-secret', oldPassword: 'o-secret', newPassword: 'n-secret' },
    reset: { token: 't-secret' },
    count: 3,
  };
  log.info(line, 'careless');
  const written = out.join('');
  for (const secret of ['h-secret', 'k-secret', 'c-secret', 'p-secret', 'o-secret', 'n-secret', 't-secret'])
    expect(written).not.toContain(secret);
  expect(JSON.parse(written)).toMatchObject({
    headers: { authorization: '[REDACTED]', 'x-platform-key': '[REDACTED]', accept: 'json' },
    body: { userName: 'owner', password: '[REDACTED]' },
    reset: { token: '[REDACTED]' },
    count: 3,
  });
  // The caller's object is left as it was.
  expect(line.body.password).toBe('p-secret');
});
