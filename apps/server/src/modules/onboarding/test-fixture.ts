import { and, asc, eq } from 'drizzle-orm';
import type { OnboardingOutcome, OnboardingState } from '@pc/contract';
import { call, signInAs, type TestContext } from '../../../test/harness.js';
import { projectOnboarding, projects } from '../../platform/db/schema.js';
import { whoAmI } from '../templates/test-fixture.js';

/** Shared by the onboarding tests: the owner's projects, each put on a sandbox number of a scenario, and the calls. */

export const startOnboarding = async (t: TestContext) => {
  const owner = await signInAs(t.app, 'owner');
  const { partnerId } = await whoAmI(t, owner);
  const rows = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.partnerArchived, false)))
    .orderBy(asc(projects.name));
  let used = 0;
  /**
   * A project of the owner's on a fresh sandbox number whose id ends in `suffix` (its scenario), its
   * sign-up finished and its number not yet registered (progress 8, as the demo's stalled numbers).
   */
  const projectOn = async (suffix: string, values: Partial<typeof projects.$inferInsert> = {}) => {
    const row = rows[used++];
    if (!row) throw new Error('out of demo projects');
    const n = String(used).padStart(4, '0');
    await t.database.db
      .update(projects)
      .set({
        wabaNumberId: `10900000${n}${suffix}`,
        wabaAppId: `20900000${n}000`,
        wabaProgressStep: 8,
        isWhatsappVerified: false,
        ...values,
      })
      .where(eq(projects.id, row.id));
    // The demo's stalled projects carry an error and a way in (seed/onboarding.ts): each test starts clean.
    await t.database.db.delete(projectOnboarding).where(eq(projectOnboarding.projectId, row.id));
    return row.id;
  };
  const post = (path: string, body: object, token = owner) =>
    call<OnboardingOutcome>(t.app, 'POST', `/partner/${partnerId}/${path}`, { token, body });
  const register = (assistantId: string, more: object = {}) => post('register-with-pin', { assistantId, ...more });
  const stateOf = async (projectId: string) =>
    (await call<OnboardingState>(t.app, 'GET', `/partner/${partnerId}/onboarding/${projectId}`, { token: owner })).body;
  return { owner, partnerId, projectOn, post, register, stateOf };
};
