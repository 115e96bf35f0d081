import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /auth/login', () => {
  it('signs in by user name or by email, case-insensitively', async () => {
    expect(await signIn(t.app, 'owner', 'Owner@123')).toMatch(/^ey/);
    expect(await signIn(t.app, 'OWNER@acme.example', 'Owner@123')).toMatch(/^ey/);
  });

  it("marks a referral agent's token, so the console skips the balance and usage it would be refused", async () => {
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claimsOf(await signIn(t.app, 'referral', 'Referral@123'))).toMatchObject({ kind: 'agent', ref: true });
    expect(claimsOf(await signIn(t.app, 'owner', 'Owner@123'))).not.toHaveProperty('ref');
  });

  it('answers an unknown user and a wrong password the same way', async () => {
    const unknown = await call(t.app, 'POST', '/auth/login', { body: { userName: 'nobody', password: 'x' } });
    const wrong = await call(t.app, 'POST', '/auth/login', { body: { userName: 'priya', password: 'x' } });
    expect(unknown).toEqual({ status: 401, body: { message: messages.invalidLogin, code: 'INVALID_CREDENTIALS' } });
    expect(wrong).toEqual(unknown);
  });

  it('refuses empty fields with the spec message', async () => {
    const res = await call(t.app, 'POST', '/auth/login', { body: { userName: '  ', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.fieldsCantBeEmpty);
  });

  it('does not sign in a disabled member', async () => {
    const res = await call(t.app, 'POST', '/auth/login', { body: { userName: 'meera', password: 'Meera@123' } });
    expect(res.status).toBe(401);
  });

  it('throttles an account after repeated failures, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(t.app, 'POST', '/auth/login', { body: { userName: 'rahul', password: 'wrong' } })).status,
      ).toBe(401);
    }
    const blocked = await call(t.app, 'POST', '/auth/login', { body: { userName: 'rahul', password: 'Rahul@123' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts(15));
    t.clock.now = new Date(t.clock.now.getTime() + 15 * 60_000 + 1000);
    expect(await signIn(t.app, 'rahul', 'Rahul@123')).toMatch(/^ey/);
    t.clock.now = new Date();
  });

  it('throttles a client address that tries many accounts', async () => {
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < 30; i++)
      await call(t.app, 'POST', '/auth/login', { body: { userName: `ghost${i}`, password: 'x' }, remoteAddress });
    // A forged forwarding header does not help: proxies are not trusted unless configured.
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { userName: 'owner', password: 'Owner@123' },
      remoteAddress,
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(res.status).toBe(429);
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { userName: 'owner', password: 'Owner@123' } })).status,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('rejects a missing, forged or signed-out token with 401', async () => {
    expect((await call(t.app, 'GET', '/api/me')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' })).status).toBe(401);
    const token = await signInAs(t.app, 'priya');
    expect((await call(t.app, 'GET', '/api/me', { token })).body).toMatchObject({
      kind: 'agent',
      agent: { loginUsername: 'priya', agentRole: 'Manager' },
    });
    expect((await call(t.app, 'POST', '/auth/sign-out', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it('ends a session when its time is up', async () => {
    const token = await signInAs(t.app, 'priya');
    t.clock.now = new Date(Date.now() + (t.deps.env.TOKEN_TTL_HOURS + 1) * 3600_000);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
    t.clock.now = new Date();
  });
});

describe('POST /auth/password-reset', () => {
  it('checks the old password, returns a new token and ends the other sessions', async () => {
    const other = await signIn(t.app, 'priya', 'Priya@123');
    const current = await signIn(t.app, 'priya', 'Priya@123');
    const wrong = await call(t.app, 'POST', '/auth/password-reset', {
      token: current,
      body: { oldPassword: 'nope', newPassword: 'NewPass@456' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.wrongOldPassword);
    // A missing current password has its own message, not "incorrect".
    const missing = await call(t.app, 'POST', '/auth/password-reset', {
      token: current,
      body: { oldPassword: '', newPassword: 'NewPass@456' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.currentPasswordRequired);

    const res = await call<{ token: string }>(t.app, 'POST', '/auth/password-reset', {
      token: current,
      body: { oldPassword: 'Priya@123', newPassword: 'NewPass@456' },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: res.body.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { token: current })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { userName: 'priya', password: 'Priya@123' } })).status,
    ).toBe(401);
    expect(await signIn(t.app, 'priya', 'NewPass@456')).toMatch(/^ey/);
    await call(t.app, 'POST', '/auth/password-reset', {
      token: res.body.token,
      body: { oldPassword: 'NewPass@456', newPassword: 'Priya@123' },
    });
  });

  it('refuses a short new password and changes nothing', async () => {
    const token = await signInAs(t.app, 'priya');
    const res = await call(t.app, 'POST', '/auth/password-reset', {
      token,
      body: { oldPassword: 'Priya@123', newPassword: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.newPasswordTooShort);
    expect(await signInAs(t.app, 'priya')).toMatch(/^ey/);
  });
});

describe('password reset by mail', () => {
  it('mails a link that sets a new password once, and ends every session', async () => {
    const session = await signInAs(t.app, 'agent');
    const res = await call(t.app, 'POST', '/auth/send-password-reset-email', { body: { email: 'agent@acme.example' } });
    expect(res.body.message).toBe(messages.resetMailSent);
    const mail = t.outbox.sent.at(-1)!;
    expect(mail.to).toBe('agent@acme.example');
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;

    const set = await call(t.app, 'POST', '/auth/set-new-password', { body: { token, newPassword: 'Mailed@789' } });
    expect(set).toMatchObject({ status: 200, body: { message: messages.passwordSetViaLink } });
    expect((await call(t.app, 'GET', '/api/me', { token: session })).status).toBe(401);
    expect(await signIn(t.app, 'agent', 'Mailed@789')).toMatch(/^ey/);

    const again = await call(t.app, 'POST', '/auth/set-new-password', { body: { token, newPassword: 'Other@7890' } });
    expect(again).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = t.outbox.sent.length;
    const res = await call(t.app, 'POST', '/auth/send-password-reset-email', {
      body: { email: 'nobody@nowhere.example' },
    });
    expect(res).toMatchObject({ status: 200, body: { message: messages.resetMailSent } });
    expect(t.outbox.sent.length).toBe(before);
  });

  it('refuses an expired link', async () => {
    await call(t.app, 'POST', '/auth/send-password-reset-email', { body: { email: 'rahul@acme.example' } });
    const token = /token=([\w-]+)/.exec(t.outbox.sent.at(-1)!.text)![1]!;
    t.clock.now = new Date(Date.now() + 2 * 3600_000);
    const res = await call(t.app, 'POST', '/auth/set-new-password', { body: { token, newPassword: 'Late@12345' } });
    t.clock.now = new Date();
    expect(res.status).toBe(400);
  });
});
