import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signupScopes,
  signupTexts,
  type EmbeddedSignupSession,
  type SignupPageResponse,
  type StartSignupResponse,
} from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import {
  billingLogs,
  businesses,
  embeddedSignups,
  partners,
  projectOnboarding,
  projects,
} from '../../platform/db/schema.js';
import { countInWindow } from '../../platform/http/window-counter.js';
import { signingSecret } from '../../providers/storage/create.js';
import { postEntry } from '../billing/ledger.js';
import { sweepUnverifiedSignups } from './sweep-unverified.js';

/** The public embedded sign-up, end to end through its calls, with the sandbox's Facebook and phone. */
let t: TestContext;
let acme = '';
beforeAll(async () => {
  t = await startTestApp();
  acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
});
afterAll(() => t.close());

const form = (email: string, signupId = randomUUID()) => ({
  signupId,
  name: 'Kavya Menon',
  email,
  dialCode: '+91',
  mobile: '9876512345',
  companyName: `Menon Foods ${email.split('@')[0]}`,
  termsAccepted: true,
});
const login = async (o: { phoneNumber?: string; scopes?: readonly string[] } = {}) =>
  (
    await call<{ accessToken: string }>(t.app, 'POST', '/sandbox/facebook/login', {
      body: {
        scopes: o.scopes ?? signupScopes,
        businessName: 'Menon Foods',
        phoneNumber: o.phoneNumber ?? '919811122230',
        displayName: 'Menon Foods',
      },
    })
  ).body.accessToken;
const start = (body: object, partnerId = acme, remoteAddress?: string) =>
  call<StartSignupResponse & { message?: string }>(t.app, 'POST', `/api/${partnerId}/embed/signup`, {
    body,
    remoteAddress,
  });
const as = (token: string) => ({ 'x-signup-token': token });
const submit = (s: StartSignupResponse, accessToken: string) =>
  call<{ success: boolean; code?: string; message?: string }>(t.app, 'POST', '/api/submit-facebook-access-token', {
    headers: as(s.signupToken),
    body: { assistantId: s.assistantId, accessToken },
  });
const lastOtp = async (s: StartSignupResponse, mobile = '9876512345') => {
  const res = await call<{ inbox: { text: string }[] }>(
    t.app,
    'GET',
    `/api/embed/signup/sandbox-phone?dialCode=91&mobile=${mobile}`,
    { headers: as(s.signupToken) },
  );
  return /\b(\d{4})\b/.exec(res.body.inbox[0]?.text ?? '')?.[1];
};

describe('the page', () => {
  it("shows the partner's brand with the sandbox login, and a clear refusal otherwise", async () => {
    const page = await call<SignupPageResponse>(t.app, 'GET', `/api/${acme}/embed/signup`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ facebook: { mode: 'sandbox' }, sandbox: true });
    const unknown = await call(t.app, 'GET', '/api/no-such-partner/embed/signup');
    expect(unknown).toMatchObject({ status: 404, body: { message: signupTexts.notFound } });
    for (const name of ['AdsWorks', 'Growth Referrals']) {
      const closed = await call(t.app, 'GET', `/api/${await findPartnerIdByName(t.database.db, name)}/embed/signup`);
      expect(closed).toMatchObject({ status: 403, body: { message: signupTexts.closed } });
    }
  });
});

describe('a sign-up', () => {
  it('creates one business and project on the partner defaults, live, verified and tested', async () => {
    const body = form(`kavya.${Date.now()}@menon.example`);
    const [first, again] = await Promise.all([start(body), start(body)]);
    expect(first.status).toBe(200);
    // Sent twice (a double click, a retry): the same sign-up answers.
    expect(again.body.assistantId).toBe(first.body.assistantId);
    const made = await t.database.db.select().from(businesses).where(eq(businesses.email, body.email));
    expect(made).toHaveLength(1);
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, first.body.assistantId));
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, acme));
    expect(project).toMatchObject({
      partnerId: acme,
      businessId: made[0]!.id,
      name: body.companyName,
      isTrial: true,
      familyId: partner!.defaultPlanFamily,
      activePlan: partner!.defaultPlanName ?? 'NONE',
      wccPlanId: partner!.defaultWccPlan,
      // The trial credit comes with the mobile's verification (credit.ts), not with the form.
      templateCredit: 0,
    });
    const trial = () =>
      t.database.db
        .select()
        .from(billingLogs)
        .where(and(eq(billingLogs.projectId, project!.id), eq(billingLogs.reasonCode, 'TRIAL_CREDIT')));
    expect(await trial()).toEqual([]);

    const s = first.body;
    expect(await submit(s, await login())).toMatchObject({ status: 200, body: { success: true } });
    const [live] = await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId));
    expect(live).toMatchObject({ isWhatsappVerified: true, wabaProgressStep: 9, whatsappNumber: '919811122230' });

    const otp = await call(t.app, 'POST', '/api/embed/signup/otp', {
      headers: as(s.signupToken),
      body: { dialCode: '91', mobile: '9876512345' },
    });
    expect(otp).toMatchObject({ status: 200, body: { message: signupTexts.otpSent } });
    const code = await lastOtp(s);
    expect(code).toMatch(/^\d{4}$/);
    const wrong = code === '0000' ? '1111' : '0000';
    const verify = (c: string) =>
      call(t.app, 'POST', '/api/embed/signup/verify-otp', { headers: as(s.signupToken), body: { otp: c } });
    expect(await verify(wrong)).toMatchObject({ status: 400, body: { message: signupTexts.otpWrong } });
    expect(await verify('12a4')).toMatchObject({ status: 400, body: { message: signupTexts.otpFormat } });
    expect(await verify(code!)).toMatchObject({ status: 200, body: { message: signupTexts.phoneVerified } });
    expect((await trial()).map((r) => r.amount)).toEqual([partner!.trialAmount]);
    const [credited] = await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId));
    expect(credited!.templateCredit).toBe(partner!.trialAmount);

    const test = await call(t.app, 'POST', '/api/embed/signup/test-message', {
      headers: as(s.signupToken),
      body: { dialCode: '91', mobile: '9876512345' },
    });
    expect(test).toMatchObject({ status: 200, body: { message: signupTexts.testMessageSent } });
    const session = await call(t.app, 'GET', '/api/embed/signup/session', { headers: as(s.signupToken) });
    expect(session.body).toMatchObject({ step: 3, live: true, projectName: body.companyName });
  });

  it('is in progress when Meta has not registered the number yet', async () => {
    const s = (await start(form(`pending.${Date.now()}@menon.example`))).body;
    // A number ending in 108: the sandbox's verified but unregistered number.
    expect(await submit(s, await login({ phoneNumber: '919811122108' }))).toMatchObject({
      status: 200,
      body: { success: false },
    });
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId));
    expect(project).toMatchObject({ isWhatsappVerified: false, wabaProgressStep: 6 });
  });

  // Embedded Signup as Meta documents it: the login's callback gets a code (response_type 'code'),
  // the page a WA_EMBEDDED_SIGNUP FINISH message with the account's ids; the server trades the code.
  const embedded = async (phoneNumber = '919811122230') =>
    (
      await call<{ code: string; session: EmbeddedSignupSession }>(t.app, 'POST', '/sandbox/facebook/login', {
        body: { scopes: signupScopes, businessName: 'Menon Foods', phoneNumber, displayName: 'Menon Foods' },
      })
    ).body;
  const submitCode = (s: StartSignupResponse, body: object) =>
    call<{ success: boolean; code?: string; message?: string }>(t.app, 'POST', '/api/submit-facebook-access-token', {
      headers: as(s.signupToken),
      body: { assistantId: s.assistantId, ...body },
    });

  it("trades Embedded Signup's code for the client's business token, kept sealed, and takes the session's account", async () => {
    const s = (await start(form(`code.${Date.now()}@menon.example`))).body;
    const { code, session } = await embedded();
    expect(session).toMatchObject({ event: 'FINISH', wabaId: expect.stringMatching(/^\d{15}$/) });
    expect(await submitCode(s, { code, session })).toMatchObject({ status: 200, body: { success: true } });
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId));
    expect(project).toMatchObject({
      wabaAppId: session.wabaId,
      wabaNumberId: session.phoneNumberId,
      isWhatsappVerified: true,
    });
    const [onboarding] = await t.database.db
      .select()
      .from(projectOnboarding)
      .where(eq(projectOnboarding.projectId, s.assistantId));
    expect(onboarding!.businessTokenSealed).toMatch(/^v1:/);
    expect(onboarding!.businessTokenSealed).not.toContain(code.slice(0, 20));
  });

  it('refuses a forged or expired code and a session for another account; a code needs its session', async () => {
    const s = (await start(form(`badcode.${Date.now()}@menon.example`))).body;
    const { code, session } = await embedded();
    expect(await submitCode(s, { code: 'forged.code.value', session })).toMatchObject({
      status: 400,
      body: { code: 'FACEBOOK_NOT_CONNECTED' },
    });
    expect(await submitCode(s, { code, session: { ...session, wabaId: '102290129340398' } })).toMatchObject({
      status: 400,
      body: { code: 'FACEBOOK_NOT_CONNECTED' },
    });
    expect((await submitCode(s, { code })).status).toBe(400);
    expect((await submitCode(s, { code, accessToken: 'both', session })).status).toBe(400);
    // Meta's code lives 30 seconds.
    t.clock.now = new Date(t.clock.now.getTime() + 31_000);
    expect(await submitCode(s, { code, session })).toMatchObject({
      status: 400,
      body: { code: 'FACEBOOK_NOT_CONNECTED' },
    });
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId));
    expect(project!.isWhatsappVerified).toBe(false);
  });

  it('refuses a login that did not grant every permission, and a token that is not Facebook’s', async () => {
    const s = (await start(form(`scopes.${Date.now()}@menon.example`))).body;
    const partial = await submit(s, await login({ scopes: ['business_management'] }));
    expect(partial).toMatchObject({ status: 400, body: { code: 'FACEBOOK_NOT_CONNECTED' } });
    expect(partial.body.message).toContain('whatsapp_business_management');
    expect(await submit(s, 'forged.token.value')).toMatchObject({
      status: 400,
      body: { code: 'FACEBOOK_NOT_CONNECTED' },
    });
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId));
    expect(project!.isWhatsappVerified).toBe(false);
  });

  it('acts only on its own sign-up: another project, no token or a forged one', async () => {
    const a = (await start(form(`a.${Date.now()}@menon.example`))).body;
    const b = (await start(form(`b.${Date.now()}@menon.example`))).body;
    const token = await login();
    const other = await call(t.app, 'POST', '/api/submit-facebook-access-token', {
      headers: as(a.signupToken),
      body: { assistantId: b.assistantId, accessToken: token },
    });
    expect(other.status).toBe(404);
    const none = await call(t.app, 'POST', '/api/submit-facebook-access-token', {
      body: { assistantId: a.assistantId, accessToken: token },
    });
    expect(none).toMatchObject({ status: 401, body: { message: signupTexts.sessionExpired } });
    const forged = await call(t.app, 'GET', '/api/embed/signup/session', { headers: as(`${a.signupToken}x`) });
    expect(forged.status).toBe(401);
  });

  it('checks the form with the spec’s rules, and refuses an email the partner already has', async () => {
    const bad = await start({ ...form('x@menon.example'), termsAccepted: false, mobile: '12' });
    expect(bad.status).toBe(400);
    const email = `taken.${Date.now()}@menon.example`;
    await start(form(email));
    const taken = await start(form(email.toUpperCase()));
    expect(taken).toMatchObject({ status: 409, body: { message: signupTexts.emailTaken } });
  });

  it('limits OTPs: a new one after 30 s, and needs Facebook connected first', async () => {
    const s = (await start(form(`otp.${Date.now()}@menon.example`))).body;
    const send = () =>
      call(t.app, 'POST', '/api/embed/signup/otp', {
        headers: as(s.signupToken),
        body: { dialCode: '91', mobile: '9876500000' },
      });
    expect(await send()).toMatchObject({ status: 400, body: { message: signupTexts.connectFirst } });
    await submit(s, await login());
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    t.clock.now = new Date(t.clock.now.getTime() + 31_000);
    expect((await send()).status).toBe(200);
    t.clock.now = new Date();
    const [row] = await t.database.db
      .select()
      .from(embeddedSignups)
      .where(eq(embeddedSignups.projectId, s.assistantId));
    expect(row!.otpSends).toBe(2);
  });
});

describe('abuse of the public page', () => {
  // An hour on: the partner's hourly cap counts these sign-ups alone, not the ones above.
  beforeAll(() => {
    t.clock.now = new Date(Date.now() + 2 * 60 * 60_000);
  });
  afterAll(() => {
    t.clock.now = new Date();
  });

  it('lets one address start only its share of a partner’s hourly sign-ups: others still sign up', async () => {
    // Before the per-address count, 30 junk sign-ups from one address closed Acme's page for an hour.
    const junk = await Promise.all(
      Array.from({ length: 30 }, (_, i) => start(form(`junk${i}.${Date.now()}@junk.example`), acme, '203.0.113.7')),
    );
    const limit = t.deps.env.SIGNUPS_PER_ADDRESS_PER_HOUR;
    expect(junk.filter((r) => r.status === 200)).toHaveLength(limit);
    const refused = junk.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(30 - limit);
    for (const r of refused) expect(r).toMatchObject({ status: 429, body: { message: signupTexts.tooManySignups } });
    const someoneElse = await start(form(`real.${Date.now()}@menon.example`), acme, '198.51.100.20');
    expect(someoneElse.status).toBe(200);
    // A sign-up sent again by its page (a retry) is the same sign-up, not another count.
    const body = form(`retry.${Date.now()}@menon.example`);
    const ids = new Set<string>();
    for (let i = 0; i <= limit; i++) {
      const again = await start(body, acme, '198.51.100.21');
      expect(again.status).toBe(200);
      ids.add(again.body.assistantId);
    }
    expect(ids.size).toBe(1);
  });

  const connected = async (email: string, address: string) => {
    const s = (await start(form(email), acme, address)).body;
    expect((await submit(s, await login())).status).toBe(200);
    return s;
  };
  const sendOtp = (s: StartSignupResponse, mobile: string) =>
    call(t.app, 'POST', '/api/embed/signup/otp', { headers: as(s.signupToken), body: { dialCode: '91', mobile } });
  const guess = (s: StartSignupResponse, otp: string, remoteAddress: string) =>
    call(t.app, 'POST', '/api/embed/signup/verify-otp', { headers: as(s.signupToken), body: { otp }, remoteAddress });

  it('keeps the OTP as an HMAC under the server’s secret, not a hash a copy of the table reverses', async () => {
    const s = await connected(`hmac.${Date.now()}@menon.example`, '198.51.100.30');
    expect((await sendOtp(s, '9876512399')).status).toBe(200);
    const code = (await lastOtp(s, '9876512399'))!;
    const [row] = await t.database.db
      .select()
      .from(embeddedSignups)
      .where(eq(embeddedSignups.projectId, s.assistantId));
    const plain = (otp: string) => createHash('sha256').update(`${row!.id}:${otp}`).digest('hex');
    const everyCode = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));
    expect(everyCode.filter((c) => plain(c) === row!.otpHash)).toEqual([]);
    const keyed = createHmac('sha256', signingSecret(t.deps.env, 'embedded-signup-otp'))
      .update(`${row!.id}:${code}`)
      .digest('hex');
    expect(row!.otpHash).toBe(keyed);
  });

  it('limits guesses per phone number across sign-ups, and per address', async () => {
    const mobile = '9876512377';
    const perPhone = t.deps.env.SIGNUP_OTP_GUESSES_PER_PHONE_PER_HOUR;
    const signups = [];
    for (let i = 0; i < Math.ceil(perPhone / 5) + 1; i++) {
      const s = await connected(`phone${i}.${Date.now()}@menon.example`, `198.51.100.${40 + i}`);
      expect((await sendOtp(s, mobile)).status).toBe(200);
      signups.push(s);
    }
    // Each sign-up takes 5 wrong tries; new sign-ups at one number do not buy more than its limit.
    let guesses = 0;
    for (const s of signups) {
      const code = (await lastOtp(s, mobile))!;
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5 && guesses < perPhone; i++, guesses++)
        expect((await guess(s, wrong, `192.0.2.${guesses}`)).status).toBe(400);
    }
    const last = signups.at(-1)!;
    const right = (await lastOtp(last, mobile))!;
    expect(await guess(last, right, '192.0.2.200')).toMatchObject({
      status: 429,
      body: { message: signupTexts.otpTooManyTries },
    });

    // One address: its guesses are counted whatever the number (the counter is the sign-in limits').
    const other = await connected(`address.${Date.now()}@menon.example`, '198.51.100.60');
    expect((await sendOtp(other, '9876512366')).status).toBe(200);
    const code = (await lastOtp(other, '9876512366'))!;
    for (let i = 0; i < t.deps.env.SIGNUP_OTP_GUESSES_PER_ADDRESS_PER_HOUR; i++)
      await countInWindow(t.database.db, 'signup-otp-address:192.0.2.250', 60 * 60_000, t.clock.now);
    expect((await guess(other, code, '192.0.2.250')).status).toBe(429);
    expect(await guess(other, code, '192.0.2.251')).toMatchObject({ status: 200 });
  });

  it('clears a sign-up that never verified once its token expired, and keeps what a client or partner made real', async () => {
    const made = async (key: string) =>
      (await start(form(`${key}.${Date.now()}@junk.example`), acme, '198.51.100.70')).body;
    const junk = await made('stale');
    const connectedOne = await connected(`kept.${Date.now()}@menon.example`, '198.51.100.71');
    const funded = await made('funded');
    const [fundedProject] = await t.database.db.select().from(projects).where(eq(projects.id, funded.assistantId));
    // The partner moved credit to it: money was touched, the project stays.
    await postEntry(t.database.db, {
      partnerId: acme,
      projectId: funded.assistantId,
      businessId: fundedProject!.businessId,
      balance: 'WCC',
      action: 'ADD',
      amount: 100_000,
      reasonCode: 'TRIAL_CREDIT',
      message: 'A credit the partner gave before the client verified',
    });
    const exists = async (s: StartSignupResponse) =>
      (await t.database.db.select().from(projects).where(eq(projects.id, s.assistantId))).length === 1;

    // Not before its token has expired: the client may still come back.
    expect(await sweepUnverifiedSignups(t.database.db, t.clock.now)).toBe(0);
    expect(await exists(junk)).toBe(true);

    const [junkProject] = await t.database.db.select().from(projects).where(eq(projects.id, junk.assistantId));
    const later = new Date(t.clock.now.getTime() + 25 * 60 * 60_000);
    expect(await sweepUnverifiedSignups(t.database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await exists(junk)).toBe(false);
    expect(await t.database.db.select().from(businesses).where(eq(businesses.id, junkProject!.businessId))).toEqual([]);
    expect(
      await t.database.db.select().from(embeddedSignups).where(eq(embeddedSignups.projectId, junk.assistantId)),
    ).toEqual([]);
    expect(await exists(connectedOne)).toBe(true);
    expect(await exists(funded)).toBe(true);
  });
});
