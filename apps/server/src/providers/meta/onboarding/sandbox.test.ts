import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../platform/db/open.js';
import { createSandboxMetaOnboarding } from './sandbox.js';
import { MetaApiError } from '../graph-error.js';

/** The sandbox Meta's number onboarding: Meta's state machine and its refusals, by the number's scenario. */
let database: Database;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
let seq = 0;
/** A fresh number id of a scenario (its last three digits). */
const numberOf = (suffix: string) => `1090000${String(++seq).padStart(5, '0')}${suffix}`;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const sandbox = () => createSandboxMetaOnboarding({ db: database.db, now: () => clock.now });
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const refusalOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MetaApiError);
  const e = error as MetaApiError;
  expect(e.traceId).toMatch(/^[\w-]{8,}$/);
  return [e.code, e.subcode ?? null];
};
const codeSentTo = async (id: string) => (await sandbox().number(id)).inbox[0]!.code;

describe('a code', () => {
  it('is 6 digits, lands in the number inbox, and verifies once within 10 minutes', async () => {
    const s = sandbox();
    const id = numberOf('104');
    await s.requestCode(id, 'SMS');
    const code = await codeSentTo(id);
    expect(code).toMatch(/^\d{6}$/);
    expect((await s.number(id)).inbox[0]!.method).toBe('SMS');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await refusalOf(s.verifyCode(id, wrong))).toEqual([136025, null]);
    await s.verifyCode(id, code);
    expect((await s.number(id)).verified).toBe(true);
    // Used: a second time is refused.
    expect(await refusalOf(s.verifyCode(id, code))).toEqual([136025, null]);
  });

  it('expires after 10 minutes', async () => {
    const s = sandbox();
    const id = numberOf('104');
    await s.requestCode(id, 'VOICE');
    const code = await codeSentTo(id);
    later(10 * 60_000 + 1);
    expect(await refusalOf(s.verifyCode(id, code))).toEqual([136025, null]);
  });
});

describe('registering', () => {
  it('works on an unregistered number and sets the PIN; another PIN then mismatches (133005)', async () => {
    const s = sandbox();
    const id = numberOf('108');
    await s.register(id, '123456');
    expect((await s.number(id)).registered).toBe(true);
    expect(await refusalOf(s.register(id, '654321'))).toEqual([133005, null]);
    await s.register(id, '123456');
  });

  it('needs two-step verification turned off when another PIN holds it (133005)', async () => {
    const s = sandbox();
    const id = numberOf('103');
    expect(await refusalOf(s.register(id, '123456'))).toEqual([133005, null]);
    await s.disableTwoStep(id);
    await s.register(id, '123456');
  });

  it('needs the number verified again first (133006/2494081)', async () => {
    const s = sandbox();
    const id = numberOf('104');
    expect(await refusalOf(s.register(id, '123456'))).toEqual([133006, 2494081]);
    await s.requestCode(id, 'SMS');
    await s.verifyCode(id, await codeSentTo(id));
    await s.register(id, '123456');
  });

  it('fails once with 136024/2388091 on a flaky number, then works', async () => {
    const s = sandbox();
    const id = numberOf('105');
    expect(await refusalOf(s.register(id, '123456'))).toEqual([136024, 2388091]);
    await s.register(id, '123456');
  });

  it('refuses a number whose account is not shared (100/2388112), and an unsupported id (100/33) on every call', async () => {
    const s = sandbox();
    expect(await refusalOf(s.register(numberOf('102'), '123456'))).toEqual([100, 2388112]);
    const wrong = numberOf('101');
    // One call at a time: calls made at once would reject while the first is awaited (unhandled).
    for (const call of [
      () => s.register(wrong, '123456'),
      () => s.requestCode(wrong, 'SMS'),
      () => s.verifyCode(wrong, '123456'),
    ])
      expect(await refusalOf(call())).toEqual([100, 33]);
    expect(await refusalOf(s.health(wrong, 'number'))).toEqual([100, 33]);
  });

  it('allows 10 attempts in 72 hours, failed ones too (133016), and one more as the oldest leaves the window', async () => {
    const s = sandbox();
    const id = numberOf('103');
    for (let i = 0; i < 10; i += 1) {
      expect(await refusalOf(s.register(id, '123456'))).toEqual([133005, null]);
      later(60_000);
    }
    expect(await refusalOf(s.register(id, '123456'))).toEqual([133016, null]);
    later(72 * 3_600_000 - 10 * 60_000 + 1);
    expect(await refusalOf(s.register(id, '123456'))).toEqual([133005, null]);
    expect(await refusalOf(s.register(id, '123456'))).toEqual([133016, null]);
  });

  it('counts the attempts made elsewhere: a busy number has one left', async () => {
    const s = sandbox();
    const id = numberOf('109');
    await s.register(id, '123456');
    expect(await refusalOf(s.register(id, '123456'))).toEqual([133016, null]);
  });
});

describe('health', () => {
  it("answers each entity's state, the worst overall", async () => {
    const s = sandbox();
    expect((await s.health(numberOf('000'), 'number')).canSendMessage).toBe('AVAILABLE');
    const unregistered = await s.health(numberOf('108'), 'number');
    expect(unregistered.canSendMessage).toBe('BLOCKED');
    expect(unregistered.entities[0]).toMatchObject({ type: 'PHONE_NUMBER', errors: [{ code: 133010 }] });
    expect((await s.health(numberOf('106'), 'number')).canSendMessage).toBe('LIMITED');
    expect((await s.health(numberOf('107'), 'account')).canSendMessage).toBe('BLOCKED');
    expect((await s.health('2000000000000', 'account')).entities.map((e) => e.type)).toEqual([
      'WABA',
      'BUSINESS',
      'APP',
    ]);
  });
});
