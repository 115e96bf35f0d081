import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { sql } from 'drizzle-orm';
import { messages, ssoRefusals, type Me, type Partner, type SsoSettings } from '@pc/contract';
import { sessions, ssoTokens } from '../../platform/db/schema.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let owner: string;
let directOwner: string;
let acme: Partner;
let direct: Partner;
const acmeSecret = 'AcmeSecret0123456789abcdefghijklmnopqrstuv';
const directSecret = 'DirectSecret0123456789abcdefghijklmnopqrst';

const profileOf = async (token: string) =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token })).body.data;
const saveSecret = (ssoSecretKey: string | null, token = owner) =>
  call(t.app, 'PATCH', '/api/profile-update', { token, body: { ssoSecretKey } });

beforeAll(async () => {
  t = await startTestApp();
  [owner, directOwner] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  [acme, direct] = await Promise.all([profileOf(owner), profileOf(directOwner)]);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.now = new Date();
  expect((await saveSecret(acmeSecret)).status).toBe(200);
  expect((await saveSecret(directSecret, directOwner)).status).toBe(200);
});

const seconds = () => Math.floor(t.clock.now.getTime() / 1000);
const claims = (over: JWTPayload = {}): JWTPayload => ({
  sub: 'priya',
  name: 'Priya Sharma',
  email: 'priya@acme.example',
  partnerId: acme.id,
  iat: seconds(),
  exp: seconds() + 120,
  jti: randomUUID(),
  ...over,
});
const sign = (payload: JWTPayload, secret = acmeSecret, alg = 'HS256') =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));

const count = async (table: typeof sessions | typeof ssoTokens) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

const open = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/auth/sso${query}`, headers });
  return {
    status: res.statusCode,
    location: res.headers.location as string | undefined,
    setCookie: res.headers['set-cookie'],
    body: res.body ? (JSON.parse(res.body) as { message: string; code: string }) : null,
  };
};
const openLink = (token: string) => open(`?token=${encodeURIComponent(token)}`);
const sessionOf = (location: string | undefined) => new URL(location!, 'http://console').searchParams.get('token')!;
const me = async (token: string) => call<Me>(t.app, 'GET', '/api/me', { token });

/** A refused token signs nobody in: 401 with its reason, no session, no used token recorded. */
const expectRefused = async (attempt: Promise<Awaited<ReturnType<typeof open>>>, message: string) => {
  const [opened, used] = [await count(sessions), await count(ssoTokens)];
  const res = await attempt;
  expect(res).toMatchObject({ status: 401, body: { message, code: 'SSO_REFUSED' } });
  expect(res.location).toBeUndefined();
  expect([await count(sessions), await count(ssoTokens)]).toEqual([opened, used]);
};

describe('GET /auth/sso?token=', () => {
  it("signs the partner's user in: a new session, and the console opens with it", async () => {
    const opened = await count(sessions);
    const res = await openLink(await sign(claims()));
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/login\?token=ey/);
    const session = sessionOf(res.location);
    const who = await me(session);
    expect(who.status).toBe(200);
    expect(who.body.agent).toMatchObject({ loginUsername: 'priya', partnerId: acme.id });
    expect(await count(sessions)).toBe(opened + 1);
    // By email too, case-insensitively.
    const byEmail = await openLink(await sign(claims({ sub: 'PRIYA@acme.example' })));
    expect((await me(sessionOf(byEmail.location))).body.agent?.loginUsername).toBe('priya');
  });

  it('refuses a token signed with a wrong secret', async () => {
    await expectRefused(openLink(await sign(claims(), `${acmeSecret}x`)), ssoRefusals.badSignature);
  });

  it("refuses another partner's secret, and another partner's user under a partner's own secret", async () => {
    await expectRefused(openLink(await sign(claims(), directSecret)), ssoRefusals.badSignature);
    // Direct's own secret cannot sign in Acme's users: sub is looked up in the token's partner only.
    const asDirect = claims({ partnerId: direct.id, sub: 'priya' });
    await expectRefused(openLink(await sign(asDirect, directSecret)), ssoRefusals.unknownUser);
  });

  it('refuses an expired token, one living longer than 5 minutes, and one issued in the future', async () => {
    const past = seconds() - 400;
    await expectRefused(openLink(await sign(claims({ iat: past, exp: past + 120 }))), ssoRefusals.expired);
    await expectRefused(openLink(await sign(claims({ exp: seconds() + 301 }))), ssoRefusals.tooLong);
    const ahead = claims({ iat: seconds() + 120, exp: seconds() + 240 });
    const res = await openLink(await sign(ahead));
    expect(res).toMatchObject({ status: 401, body: { code: 'SSO_REFUSED' } });
    expect(res.body?.message).toMatch(/iat/);
  });

  it('signs in once: a replay is refused, also when sent several times at once', async () => {
    const token = await sign(claims());
    expect((await openLink(token)).status).toBe(302);
    await expectRefused(openLink(token), ssoRefusals.replayed);

    const racing = await sign(claims());
    const answers = await Promise.all(Array.from({ length: 6 }, () => openLink(racing)));
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401).map((a) => a.body?.message)).toEqual(
      Array(5).fill(ssoRefusals.replayed),
    );
  });

  it('refuses alg none, HS512 and RS256', async () => {
    await expectRefused(openLink(new UnsecuredJWT(claims()).encode()), ssoRefusals.badSignature);
    await expectRefused(openLink(await sign(claims(), acmeSecret, 'HS512')), ssoRefusals.badSignature);
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims()).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    await expectRefused(openLink(rs256), ssoRefusals.badSignature);
  });

  it('refuses an unknown sub, a disabled member and a token without jti or sub', async () => {
    await expectRefused(openLink(await sign(claims({ sub: 'nobody' }))), ssoRefusals.unknownUser);
    await expectRefused(openLink(await sign(claims({ sub: 'meera' }))), ssoRefusals.unknownUser);
    // Platform staff are no partner's users.
    await expectRefused(openLink(await sign(claims({ sub: 'admin' }))), ssoRefusals.unknownUser);
    for (const missing of ['jti', 'sub', 'exp']) {
      const payload = claims();
      delete payload[missing];
      const res = await openLink(await sign(payload));
      expect(res, missing).toMatchObject({ status: 401, body: { code: 'SSO_REFUSED' } });
      expect(res.body?.message).toContain(missing);
    }
  });

  it('refuses every token of a partner without a secret, and garbage', async () => {
    expect((await saveSecret(null)).status).toBe(200);
    await expectRefused(openLink(await sign(claims())), ssoRefusals.notSetUp);
    await expectRefused(openLink(await sign(claims({ partnerId: 'no-such-partner' }))), ssoRefusals.notSetUp);
    await expectRefused(openLink('not.a.jwt'), ssoRefusals.malformed);
    expect(await open('')).toMatchObject({ status: 400, body: { message: ssoRefusals.noToken } });
    expect(await open('', { cookie: 'theme=dark; AcmeConnectSSOToken=' })).toMatchObject({ status: 400 });
  });
});

describe('the SSO cookie', () => {
  it('is named after the brand followed by SSOToken, and signs in once', async () => {
    expect(acme.brandName).toBe('Acme Connect');
    const res = await open('', { cookie: `theme=dark; AcmeConnectSSOToken=${await sign(claims())}` });
    expect(res.status).toBe(302);
    expect((await me(sessionOf(res.location))).body.agent?.loginUsername).toBe('priya');
    expect(res.setCookie).toMatch(/^AcmeConnectSSOToken=; Path=\/; Max-Age=0/);
  });

  it("refuses a token under another name than its partner's cookie", async () => {
    await expectRefused(open('', { cookie: `DirectRetailSSOToken=${await sign(claims())}` }), ssoRefusals.wrongCookie);
  });

  it('tries each SSO cookie: a stale one of another brand does not stop the right one', async () => {
    const stale = await sign(claims({ partnerId: direct.id, sub: 'direct' }), directSecret);
    const res = await open('', {
      cookie: `DirectRetailSSOToken=used${stale}; AcmeConnectSSOToken="${await sign(claims())}"`,
    });
    expect(res.status).toBe(302);
    expect(res.setCookie).toMatch(/^AcmeConnectSSOToken=;/);
  });
});

describe('GET /api/sso-settings and PATCH /api/profile-update { ssoSecretKey }', () => {
  const settings = (token = owner) => call<SsoSettings>(t.app, 'GET', '/api/sso-settings', { token });

  it('shows the owner whether a secret is set, by its last 4 characters only', async () => {
    expect((await settings()).body).toEqual({
      secretSet: true,
      secretEnding: acmeSecret.slice(-4),
      cookieName: 'AcmeConnectSSOToken',
      signInPath: '/auth/sso',
    });
    expect(JSON.stringify((await settings()).body)).not.toContain(acmeSecret);
    expect((await saveSecret(null)).status).toBe(200);
    expect((await settings()).body).toMatchObject({ secretSet: false, secretEnding: null });
  });

  it("is the owner's alone: a member can neither read nor save nor clear it", async () => {
    for (const member of ['agent', 'priya'] as const) {
      const token = await signInAs(t.app, member);
      expect((await settings(token)).status).toBe(403);
      expect(await saveSecret('Hijacked0123456789abcdefghijklmnopq', token)).toMatchObject({
        status: 403,
        body: { message: messages.ownerOnly },
      });
      expect((await saveSecret(null, token)).status).toBe(403);
    }
    expect((await settings()).body.secretEnding).toBe(acmeSecret.slice(-4));
    expect((await openLink(await sign(claims()))).status).toBe(302);
  });

  it('takes 32 to 128 letters or digits only', async () => {
    for (const bad of ['a'.repeat(31), 'a'.repeat(129), `${'a'.repeat(32)}!`, '']) {
      expect((await saveSecret(bad)).status, bad).toBe(400);
    }
    expect((await settings()).body.secretEnding).toBe(acmeSecret.slice(-4));
  });

  it('a new secret retires the old one', async () => {
    const before = await sign(claims());
    expect((await saveSecret('NewSecret0123456789abcdefghijklmnopqrs')).status).toBe(200);
    await expectRefused(openLink(before), ssoRefusals.badSignature);
  });
});
