import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { projects, sandboxMetaNumbers } from '../../platform/db/schema.js';
import { RECHECK_JOB } from './recheck.js';
import { startOnboarding } from './test-fixture.js';

/** The 30-minute check: a registered number Meta dropped is registered again, at most once in 24 hours. */
let t: TestContext;
let o: Awaited<ReturnType<typeof startOnboarding>>;
beforeAll(async () => {
  t = await startTestApp();
  o = await startOnboarding(t);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const runCheck = () =>
  t.app.jobHandlers[RECHECK_JOB]!({ id: 'check', kind: RECHECK_JOB, payload: {}, attempts: 1, maxAttempts: 1000 });
const dropAtMeta = async (projectId: string) => {
  const [p] = await t.database.db.select().from(projects).where(eq(projects.id, projectId));
  await t.database.db
    .update(sandboxMetaNumbers)
    .set({ registered: false })
    .where(eq(sandboxMetaNumbers.phoneNumberId, p!.wabaNumberId!));
};

describe('the registration check', () => {
  it('registers a dropped number again once 24 hours have passed since its registration, and runs every 30 minutes', async () => {
    const p = await o.projectOn('108', { isWhatsappVerified: true, wabaProgressStep: 9 });
    expect((await o.register(p)).body.success).toBe(true);
    await dropAtMeta(p);

    // Within the 24 hours: seen (the doctor shows the number's health), not registered again.
    const next = await runCheck();
    expect(next).toEqual({ retryAt: new Date(t.clock.now.getTime() + 30 * 60_000) });
    let state = await o.stateOf(p);
    expect(state.health.number!.canSendMessage).toBe('BLOCKED');
    expect(state.health.number!.entities[0]).toMatchObject({ type: 'PHONE_NUMBER', errors: [{ code: 133010 }] });
    expect(state.attempts.used).toBe(1);

    t.clock.now = new Date(t.clock.now.getTime() + 25 * HOUR);
    await runCheck();
    state = await o.stateOf(p);
    expect(state.attempts.used).toBe(2);
    expect(state.registeredAt).toBe(t.clock.now.toISOString());
    expect(state.health.number!.canSendMessage).toBe('BLOCKED');
    // The next run sees it registered.
    await runCheck();
    expect((await o.stateOf(p)).health.number!.canSendMessage).toBe('AVAILABLE');
  });

  it('leaves alone the numbers it did not register (no PIN) and the projects that are not live', async () => {
    const notOurs = await o.projectOn('108', { isWhatsappVerified: true, wabaProgressStep: 9 });
    const draft = await o.projectOn('108');
    expect((await o.register(draft)).body.success).toBe(true);
    await runCheck();
    expect((await o.stateOf(notOurs)).health.number).toBeNull();
    expect((await o.stateOf(draft)).health.number).toBeNull();
  });
});
