import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingMessages as m } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { projectOnboarding, projects, registrationAttempts } from '../../platform/db/schema.js';
import { startOnboarding } from './test-fixture.js';

/**
 * register-with-pin on a project whose sign-up never finished (the demo's Sunrise Orders: progress
 * 6, no business token): refused before Meta is asked, not 'Successfully Registered' with the
 * progress at 9 and the project still DRAFT.
 */
let t: TestContext;
let o: Awaited<ReturnType<typeof startOnboarding>>;
beforeAll(async () => {
  t = await startTestApp();
  o = await startOnboarding(t);
});
afterAll(() => t.close());

const projectRow = async (id: string) => (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const attemptsOf = (id: string) =>
  t.database.db.select().from(registrationAttempts).where(eq(registrationAttempts.projectId, id));

describe('register-with-pin before the sign-up finished', () => {
  it('is a 400 saying so: no attempt counted, no PIN made, the progress and DRAFT as they were', async () => {
    // 108: a number the sandbox would register at once.
    const p = await o.projectOn('108', { wabaProgressStep: 6 });
    const before = await projectRow(p);
    const res = await o.register(p, { confirmLastAttempt: true });
    expect(res).toMatchObject({ status: 400, body: { message: m.signUpNotFinished } });
    expect(await projectRow(p)).toEqual(before);
    expect(before).toMatchObject({ isWhatsappVerified: false, wabaProgressStep: 6 });
    expect(await attemptsOf(p)).toEqual([]);
    expect(await t.database.db.select().from(projectOnboarding).where(eq(projectOnboarding.projectId, p))).toEqual([]);
  });

  it('the demo project that never finished its sign-up is refused the same way', async () => {
    const [sunrise] = await t.database.db.select().from(projects).where(eq(projects.name, 'Sunrise Orders'));
    expect((await o.register(sunrise!.id)).body).toMatchObject({ message: m.signUpNotFinished });
    expect(await projectRow(sunrise!.id)).toMatchObject({ wabaProgressStep: 6, isWhatsappVerified: false });
  });

  it('a finished sign-up still waiting for its number (the client token kept, progress 6) is registered', async () => {
    const p = await o.projectOn('108', { wabaProgressStep: 6 });
    await t.database.db
      .insert(projectOnboarding)
      .values({ projectId: p, partnerId: o.partnerId, process: 'partner_embedded_signup', businessTokenSealed: 'x' });
    expect((await o.register(p)).body).toMatchObject({ success: true, message: m.registered });
  });
});
