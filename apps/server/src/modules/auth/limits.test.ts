import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { messages } from '@pc/contract';
import { buildApp, type App } from '../../app.js';
import { fromPostgres, type Database } from '../../platform/db/open.js';
import { loginThrottle } from '../../platform/db/schema.js';
import { longestWindowMs } from './limits.js';
import { sweepEndedWindows, takeAttempt } from './throttle.js';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

// Every argon2 verification the server runs (a known account's password or the dummy check of an
// unknown one) is counted here: the limits are about how many passwords get checked, not answers.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications++;
      return real.verify(...args);
    },
  };
});

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  argon2.verifications = 0;
});

const login = (app: App, userName: string, password: string, remoteAddress: string) =>
  call(app, 'POST', '/auth/login', { body: { userName, password }, remoteAddress });

describe('sign-in throttling under concurrency', () => {
  it('100 simultaneous wrong guesses over three server processes check at most 5 passwords', async () => {
    // Three apps on one database, each with its own connections where the database is a server.
    const url = (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
    const others: Database[] = url ? [fromPostgres(url), fromPostgres(url)] : [];
    expect(others.length).toBe(t.database.kind === 'postgres' ? 2 : 0);
    const apps = [
      t.app,
      ...(await Promise.all([0, 1].map((i) => buildApp({ ...t.deps, db: others[i]?.db ?? t.deps.db })))),
    ];
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(apps[i % 3]!, 'rahul', `wrong-${i}`, '198.51.100.7')),
      );
      const statuses = answers.map((a) => a.status);
      expect(argon2.verifications).toBeGreaterThan(0);
      expect(argon2.verifications).toBeLessThanOrEqual(5);
      // A 401 is a password that was checked; everything else was refused before the check.
      expect(statuses.filter((s) => s === 401).length).toBe(argon2.verifications);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      const right = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { userName: 'rahul', password: 'Rahul@123' },
        remoteAddress: '198.51.100.7',
      });
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(messages.tooManyAttempts(15));
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(argon2.verifications).toBeLessThanOrEqual(5);
    } finally {
      await Promise.all(apps.slice(1).map((a) => a.close()));
      await Promise.all(others.map((d) => d.close()));
    }
  });

  it('an address trying many accounts at once gets at most 30 checks', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(t.app, `ghost-${i}`, 'x', '198.51.100.8')),
    );
    expect(answers.filter((a) => a.status === 401).length).toBe(30);
    expect(answers.filter((a) => a.status === 429).length).toBe(30);
    expect(argon2.verifications).toBe(30);
    const retry = answers.find((a) => a.status === 429)!;
    expect(retry.body.message).toBe(messages.tooManyAttempts(15));
  });

  it('a right password gives its attempt back: sign-ins from one address are not counted', async () => {
    for (let i = 0; i < 35; i++) expect((await login(t.app, 'priya', 'Priya@123', '198.51.100.9')).status).toBe(200);
  });
});

it("the super-admin's sign-in is throttled like any other: wrong guesses run out, and the right password waits too", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await login(t.app, 'admin', `wrong-${i}`, '198.51.100.21')).status);
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual([429, 429, 429]);
  expect((await login(t.app, 'admin', 'Admin@123', '198.51.100.22')).status).toBe(429);
});

describe('ended windows', () => {
  it('are swept: a counter past the longest window goes, a live one stays and keeps counting', async () => {
    const keys = async () =>
      (await t.deps.db.select({ key: loginThrottle.key }).from(loginThrottle))
        .map((r) => r.key)
        .filter((k) => k.startsWith('address:192.0.2.9'));
    const hour = 60 * 60_000;
    const old = new Date(t.clock.now.getTime() - 2 * hour);
    await takeAttempt(
      t.deps.db,
      [{ key: 'address:192.0.2.90', limit: 5, windowMs: hour }],
      old,
      messages.tooManyAttempts,
    );
    for (let i = 0; i < 5; i++) {
      await takeAttempt(
        t.deps.db,
        [{ key: 'address:192.0.2.91', limit: 5, windowMs: hour }],
        t.clock.now,
        messages.tooManyAttempts,
      );
    }
    await sweepEndedWindows(t.deps.db, new Date(t.clock.now.getTime() - longestWindowMs(t.deps.env)));
    expect(await keys()).toEqual(['address:192.0.2.91']);
    await expect(
      takeAttempt(
        t.deps.db,
        [{ key: 'address:192.0.2.91', limit: 5, windowMs: hour }],
        t.clock.now,
        messages.tooManyAttempts,
      ),
    ).rejects.toMatchObject({ httpStatus: 429 });
  });
});

describe('password-reset mails', () => {
  const send = (email: string, remoteAddress: string) =>
    call(t.app, 'POST', '/auth/send-password-reset-email', { body: { email }, remoteAddress });

  it('are limited per typed email, known or not, with Retry-After', async () => {
    const mailsTo = (to: string) => t.outbox.sent.filter((m) => m.to === to).length;
    for (const email of ['owner@acme.example', 'nobody@nowhere.example']) {
      for (let i = 0; i < 3; i++) expect((await send(email, `203.0.113.${i + 1}`)).status).toBe(200);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/auth/send-password-reset-email',
        payload: { email },
        remoteAddress: '203.0.113.50',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(messages.tooManyResetMails(60));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    }
    // The known account got its three mails and no fourth; the unknown one's refusal read the same.
    expect(mailsTo('owner@acme.example')).toBe(3);
  });

  it('are limited per client address across emails', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => send(`someone-${i}@example.com`, '203.0.113.77')),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(10);
    expect(answers.filter((a) => a.status === 429).length).toBe(5);
  });
});

describe('the change-password check', () => {
  it('is throttled like sign-in, even for the right current password', async () => {
    const token = await signInAs(t.app, 'agent');
    argon2.verifications = 0;
    const change = (oldPassword: string) =>
      call(t.app, 'POST', '/auth/password-reset', {
        token,
        body: { oldPassword, newPassword: 'Changed@123', confirmPassword: 'Changed@123' },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`wrong-${i}`)));
    expect(answers.filter((a) => a.status === 400).length).toBe(5);
    const right = await change('Agent@123');
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(messages.tooManyPasswordChecks(15));
    expect(argon2.verifications).toBe(5);
    expect(await signIn(t.app, 'agent', 'Agent@123')).toMatch(/^ey/);
  });
});

describe('public routes carry rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await startTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '3', RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
  });
  afterAll(() => limited.close());

  it.each([
    ['the app configuration', 'GET', '/api/app-config'],
    ['the tenant profile', 'POST', '/api/get-tenant-profile'],
    ['the partner logos', 'GET', '/brand/acme-logo.svg'],
    ['a public file', 'GET', '/api/files/no-such-file'],
    ['the sandbox pages', 'GET', '/sandbox/facebook/dialog/oauth?scope=x'],
    ['the link callback', 'GET', '/platform/meta/link-callback?state=x'],
    ["the sandbox pages' files", 'GET', '/sandbox/meta/assets/page.css'],
    ['the sandbox chat widget', 'GET', '/sandbox/chat-widget.js'],
    ['the storage upload endpoint', 'POST', '/api/storage/upload'],
  ] as const)('%s: 429 with Retry-After past the limit', async (_, method, url) => {
    const hit = () => limited.app.inject({ method, url, remoteAddress: '192.0.2.10' });
    for (let i = 0; i < 3; i++) expect((await hit()).statusCode).not.toBe(429);
    const refused = await hit();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many requests/),
    });
    // Another address is not affected.
    expect((await limited.app.inject({ method, url, remoteAddress: '192.0.2.11' })).statusCode).not.toBe(429);
  });

  it.each([
    ['sign-in', '/auth/login', { userName: 'owner', password: 'Owner@123' }],
    ['the reset mail', '/auth/send-password-reset-email', { email: 'nobody@nowhere.example' }],
    ['setting a new password', '/auth/set-new-password', { token: 'x', newPassword: 'A@1234567' }],
  ] as const)('%s has its own, lower limit', async (_, url, payload) => {
    const hit = () => limited.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.20' });
    for (let i = 0; i < 2; i++) expect((await hit()).statusCode).not.toBe(429);
    const refused = await hit();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
