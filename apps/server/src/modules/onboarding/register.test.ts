import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingMessages as m, customMessages, type SandboxPhone } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog, projects } from '../../platform/db/schema.js';
import { startOnboarding } from './test-fixture.js';

/** Registering a project's number through the wizard's call, each branch from a sandbox scenario. */
let t: TestContext;
let o: Awaited<ReturnType<typeof startOnboarding>>;
beforeAll(async () => {
  t = await startTestApp();
  o = await startOnboarding(t);
});
afterAll(() => t.close());

const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const HOUR = 3_600_000;
const progressOf = async (id: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!.wabaProgressStep;
/** The activity log's entries about a project's number, oldest first. */
const phoneEntriesOf = (id: string) =>
  t.database.db
    .select()
    .from(partnerAuditLog)
    .where(and(eq(partnerAuditLog.targetId, id), eq(partnerAuditLog.action, 'project.phone')))
    .orderBy(asc(partnerAuditLog.createdAt));
const phoneOf = async (id: string) =>
  (await call<SandboxPhone>(t.app, 'GET', `/partner/${o.partnerId}/sandbox-phone/${id}`, { token: o.owner })).body;

describe('register-with-pin', () => {
  it("registers a number ('Successfully Registered'), completes the progress, and keeps its PIN for next time", async () => {
    const p = await o.projectOn('108');
    const res = await o.register(p);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: m.registered, failure: null });
    expect(res.body.onboarding).toMatchObject({ wabaProgressStep: 9, error: null, attempts: { used: 1, left: 9 } });
    expect(await progressOf(p)).toBe(9);
    expect((await phoneOf(p)).registered).toBe(true);
    // The member's registration is in the activity log; its PIN never is.
    expect(await phoneEntriesOf(p)).toMatchObject([
      { before: { registeredAt: null, wabaProgressStep: 8 }, after: { wabaProgressStep: 9 } },
    ]);
    // Once every 24 hours.
    const again = await o.register(p);
    expect(again).toMatchObject({ status: 429, body: { code: 'REREGISTER_TOO_SOON', message: m.reregisterTooSoon } });
    later(24 * HOUR + 1000);
    // The same PIN as the first time: two-step verification, now on, lets it in.
    expect((await o.register(p)).body).toMatchObject({ success: true });
  });

  it("answers 'Phone Number registeration failed!' with Meta's error explained, and the steps its code calls for", async () => {
    const p = await o.projectOn('101');
    const res = await o.register(p);
    expect(res.body).toMatchObject({
      success: false,
      message: m.registerFailed,
      failure: { code: 100, subcode: 33 },
    });
    expect(res.body.failure!.traceId).toMatch(/^[\w-]{8,}$/);
    expect(res.body.failure!.fix).toMatch(/new WhatsApp Business Account ID/);
    expect(res.body.onboarding).toMatchObject({ steps: ['custom_msg'], custom: 'wrongAccount', error: { code: 100 } });
    expect(customMessages.wrongAccount.title).toBe('Incorrect/Unsupported WhatsApp Business Account ID');
  });

  it('133005: the 2FA message, then registered once two-step verification is turned off', async () => {
    const p = await o.projectOn('103');
    const res = await o.register(p);
    expect(res.body.onboarding).toMatchObject({ steps: ['custom_msg', 'register_pin'], custom: 'disable2fa' });
    expect((await phoneOf(p)).twoStepOn).toBe(true);
    const off = await call<SandboxPhone>(
      t.app,
      'POST',
      `/partner/${o.partnerId}/sandbox-phone/${p}/turn-off-two-step`,
      {
        token: o.owner,
        body: {},
      },
    );
    expect(off.body.twoStepOn).toBe(false);
    const ok = await o.register(p);
    expect(ok.body).toMatchObject({ success: true, message: m.registered, onboarding: { error: null } });
  });

  it('133006: re-verification first (OTP by SMS, a wrong code, the right one), then registered', async () => {
    const p = await o.projectOn('104');
    const res = await o.register(p);
    expect(res.body.onboarding).toMatchObject({
      steps: ['custom_msg', 'otp_verification', 'register_pin'],
      custom: 'reverify',
    });
    const sent = await o.post('trigger-code', { assistantId: p, mode: 'SMS' });
    expect(sent.body).toMatchObject({ success: true, message: m.otpSent });
    expect(sent.body.onboarding.codeRequestedAt).toBe(t.clock.now.toISOString());
    const code = (await phoneOf(p)).inbox[0]!.code;
    const wrong = await o.post('verify-code', { assistantId: p, verifyCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ success: false, message: m.couldNotVerify, failure: { code: 136025 } });
    // A wrong code does not replace the error the steps follow.
    expect(wrong.body.onboarding.error).toMatchObject({ code: 133006, subcode: 2494081 });
    const right = await o.post('verify-code', { assistantId: p, verifyCode: code });
    expect(right.body).toMatchObject({ success: true, message: m.otpVerified });
    // The code asked for and the code verified are in the activity log (the wrong one is not), never the code.
    const entries = await phoneEntriesOf(p);
    expect(entries.map((e) => Object.keys(e.after ?? {}).sort())).toEqual([
      ['codeRequestedAt', 'mode'],
      ['verifiedAt'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(code);
    expect((await o.register(p)).body).toMatchObject({ success: true });
  });

  it('136024: register, health check and sync; the second registration works', async () => {
    const p = await o.projectOn('105');
    const res = await o.register(p);
    expect(res.body.onboarding.steps).toEqual(['register_pin', 'health_check', 'sync_progress']);
    expect((await o.register(p)).body.success).toBe(true);
  });

  it('100/2388112: health check, then the way the project came in', async () => {
    const p = await o.projectOn('102');
    expect((await o.register(p)).body.onboarding.steps).toEqual(['health_check', 'embedded_signup']);
    const health = await o.post('waba-number-id-health-check', { assistantId: p });
    expect(health.body).toMatchObject({ success: false, message: m.healthDegraded });
    const number = health.body.onboarding.health.number!;
    expect(number.canSendMessage).toBe('BLOCKED');
    expect(number.entities[0]).toMatchObject({ type: 'PHONE_NUMBER', errors: [{ code: 2388112 }] });
  });
});

describe('the attempt budget (10 a number in 72 hours)', () => {
  it('asks before the last attempt, refuses past it with the time to wait, and frees one as the oldest leaves the window', async () => {
    const p = await o.projectOn('103');
    for (let i = 0; i < 9; i += 1) {
      expect((await o.register(p)).body.success).toBe(false);
      later(60_000);
    }
    const last = await o.register(p);
    expect(last).toMatchObject({ status: 409, body: { code: 'CONFIRM_LAST_ATTEMPT', message: m.lastAttempt } });
    expect((await o.stateOf(p)).attempts).toMatchObject({ used: 9, left: 1 });
    expect((await o.register(p, { confirmLastAttempt: true })).body.success).toBe(false);
    const none = await o.register(p, { confirmLastAttempt: true });
    expect(none).toMatchObject({ status: 429, body: { code: 'NO_ATTEMPTS_LEFT', message: m.noAttemptsLeft } });
    const state = await o.stateOf(p);
    expect(state.attempts).toMatchObject({ used: 10, left: 0 });
    // The first attempt was 9 minutes before the clock's first move ended: it leaves the window then.
    const freeAt = new Date(state.attempts.nextFreeAt!);
    expect(freeAt.getTime() - t.clock.now.getTime()).toBe(72 * HOUR - 9 * 60_000);
    t.clock.now = new Date(freeAt.getTime() + 1);
    expect((await o.stateOf(p)).attempts).toMatchObject({ used: 9, left: 1 });
  });

  it('gives the last attempt to one of two registrations at once', async () => {
    const p = await o.projectOn('103');
    for (let i = 0; i < 9; i += 1) await o.register(p);
    const both = await Promise.all([0, 1].map(() => o.register(p, { confirmLastAttempt: true })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
  });

  it("meets Meta's own limit (133016) when the number was registered elsewhere too", async () => {
    const p = await o.projectOn('109');
    expect((await o.register(p)).body.success).toBe(true);
    later(25 * HOUR);
    const res = await o.register(p);
    expect(res.body).toMatchObject({ success: false, failure: { code: 133016 } });
    expect(res.body.failure!.meaning).toMatch(/10 in 72 hours/);
  });
});

describe('refusals', () => {
  it("a project without a number is 'WhatsApp API is not live'; bad codes and modes are 400", async () => {
    const p = await o.projectOn('108', { wabaNumberId: null, wabaAppId: null });
    for (const path of ['register-with-pin', 'waba-number-id-health-check', 'waba-app-id-health-check'])
      expect(await o.post(path, { assistantId: p })).toMatchObject({ status: 400, body: { message: m.notLive } });
    const q = await o.projectOn('108');
    expect(await o.post('verify-code', { assistantId: q, verifyCode: '12ab56' })).toMatchObject({
      status: 400,
      body: { message: m.verifyCodeFormat },
    });
    expect((await o.post('trigger-code', { assistantId: q, mode: 'EMAIL' })).status).toBe(400);
  });

  it("takes the spec's literal ':partnerId' path for trigger-code", async () => {
    const p = await o.projectOn('108');
    const res = await call(t.app, 'POST', '/partner/:partnerId/trigger-code', {
      token: o.owner,
      body: { assistantId: p, mode: 'VOICE' },
    });
    expect(res.body).toMatchObject({ success: true, message: m.otpSent });
    expect((await phoneOf(p)).inbox[0]!.method).toBe('VOICE');
  });
});
