import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupScopes, signupTexts, type EmbeddedSignupSession, type StartSignupResponse } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import {
  billingLogs,
  businesses,
  embeddedSignups,
  partners,
  projectOnboarding,
  projects,
} from '../../platform/db/schema.js';
import { as, form, startSignups, type SignupCalls } from './test-fixture.js';

/** A sign-up end to end through its calls: the form, Facebook, the mobile's OTP and the test message. */
let t: TestContext;
let acme = '';
let login: SignupCalls['login'];
let start: SignupCalls['start'];
let submit: SignupCalls['submit'];
let lastOtp: SignupCalls['lastOtp'];
beforeAll(async () => {
  t = await startTestApp();
  ({ acme, login, start, submit, lastOtp } = await startSignups(t));
});
afterAll(() => t.close());

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
