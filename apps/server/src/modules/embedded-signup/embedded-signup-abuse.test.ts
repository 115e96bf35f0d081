import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupTexts, type StartSignupResponse } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { businesses, embeddedSignups, projects } from '../../platform/db/schema.js';
import { countInWindow } from '../../platform/http/window-counter.js';
import { signingSecret } from '../../providers/storage/create.js';
import { postEntry } from '../billing/ledger.js';
import { sweepUnverifiedSignups } from './sweep-unverified.js';
import { as, form, startSignups, type SignupCalls } from './test-fixture.js';

/** What keeps the public page from being abused: per-address caps, OTP limits and the sweep of junk sign-ups. */
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

describe('abuse of the public page', () => {
  // An hour on: the partner's hourly cap counts these sign-ups alone, not any made before it.
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
