import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signInAs, startTestApp, type TestContext } from '../../test/harness.js';
import { embeddedSignups, metaAccountEvents, projectOnboarding, projects } from '../platform/db/schema.js';
import { runDueJobs } from '../platform/jobs/runner.js';
import { createSandboxFacebookLogin } from '../providers/meta/facebook/sandbox-login.js';
import { signingSecret } from '../providers/storage/create.js';
import { secretBox } from '../modules/webhooks/secret.js';
import { seedDemoIfEmpty } from './demo.js';

// The demo with the sandbox's login (as `npm start` seeds it): Lotus Dental signed up end to end.
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const now = t.clock.now;
  await seedDemoIfEmpty(t.database.db, {
    now,
    facebook: {
      login: createSandboxFacebookLogin(signingSecret(t.deps.env, 'sandbox-facebook'), () => now),
      seal: secretBox(t.deps.env, 'facebook-tokens').seal,
    },
  });
}, 120_000);
afterAll(() => t.close());

it('a client of Acme signs up through the sandbox and ends live, subscribed and registered once the jobs run', async () => {
  const [project] = await t.database.db.select().from(projects).where(eq(projects.name, 'Lotus Dental'));
  expect(project).toMatchObject({ isTrial: true, wabaProgressStep: 6, isWhatsappVerified: false });
  expect(project!.metaAccount).toMatchObject({ connection: { event: 'PARTNER_ADDED' } });
  const [signup] = await t.database.db.select().from(embeddedSignups).where(eq(embeddedSignups.projectId, project!.id));
  expect(signup!.facebookConnectedAt).toBeInstanceOf(Date);
  const events = await t.database.db
    .select()
    .from(metaAccountEvents)
    .where(eq(metaAccountEvents.projectId, project!.id));
  expect(events.map((e) => e.outcome)).toEqual(['applied']);

  await runDueJobs(t.deps.db, t.app.jobHandlers, () => t.clock.now);
  const [live] = await t.database.db.select().from(projects).where(eq(projects.id, project!.id));
  expect(live).toMatchObject({ wabaProgressStep: 9 });
  const [onboarding] = await t.database.db
    .select()
    .from(projectOnboarding)
    .where(eq(projectOnboarding.projectId, project!.id));
  expect(onboarding).toMatchObject({
    process: 'partner_embedded_signup',
    registeredAt: expect.any(Date),
    accountSteps: { subscribedAt: expect.any(String) },
  });
  // The channel sync reads the number as Meta then has it: registered, so live.
  const owner = await signInAs(t.app, 'owner');
  const synced = await call(t.app, 'POST', '/partner/:partnerId/sync-channel-status', {
    token: owner,
    body: { assistantId: project!.id },
  });
  expect(synced.status).toBe(200);
  const [after] = await t.database.db.select().from(projects).where(eq(projects.id, project!.id));
  expect(after).toMatchObject({ isWhatsappVerified: true, wabaProgressStep: 9 });
});
