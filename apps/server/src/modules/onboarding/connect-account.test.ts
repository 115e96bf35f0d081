import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signupScopes, type EmbeddedSignupSession, type StartSignupResponse } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { jobs, projectOnboarding, projects } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { CONNECT_ACCOUNT_JOB } from './connect-account.js';

// Embedded Signup ends (the sandbox's code and WA_EMBEDDED_SIGNUP session), then Meta's onboarding
// calls run through the jobs table: subscribed_apps, the Solution Partner's credit line, register.
let t: TestContext;
let acme = '';
beforeAll(async () => {
  t = await startTestApp({ env: { META_CREDIT_LINE_ID: '1972385232742146' } });
  acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
});
afterAll(() => t.close());

const signUp = async (phoneNumber: string) => {
  const stamp = randomUUID().slice(0, 8);
  const started = await call<StartSignupResponse>(t.app, 'POST', `/api/${acme}/embed/signup`, {
    body: {
      signupId: randomUUID(),
      name: 'Kavya Menon',
      email: `connect.${stamp}@menon.example`,
      dialCode: '+91',
      mobile: '9876512345',
      companyName: `Menon Foods ${stamp}`,
      termsAccepted: true,
    },
  });
  const s = started.body;
  const login = await call<{ code: string; session: EmbeddedSignupSession }>(t.app, 'POST', '/sandbox/facebook/login', {
    body: { scopes: signupScopes, businessName: 'Menon Foods', phoneNumber, displayName: 'Menon Foods' },
  });
  const res = await call<{ success: boolean }>(t.app, 'POST', '/api/submit-facebook-access-token', {
    headers: { 'x-signup-token': s.signupToken },
    body: { assistantId: s.assistantId, code: login.body.code, session: login.body.session },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { projectId: s.assistantId, success: res.body.success };
};
const onboardingOf = async (projectId: string) =>
  (await t.database.db.select().from(projectOnboarding).where(eq(projectOnboarding.projectId, projectId)))[0]!;
const projectOf = async (projectId: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.id, projectId)))[0]!;

it('subscribes the app, shares the credit line and registers a number Meta has not registered yet', async () => {
  // 108: the sandbox's verified number that is not registered ('WABA in progress!').
  const { projectId, success } = await signUp('919811122108');
  expect(success).toBe(false);
  expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, CONNECT_ACCOUNT_JOB))).toHaveLength(1);
  await runDueJobs(t.deps.db, t.app.jobHandlers, () => t.clock.now);
  const steps = (await onboardingOf(projectId)).accountSteps;
  expect(steps).toMatchObject({ subscribedAt: expect.any(String), creditSharedAt: expect.any(String) });
  expect(steps?.allocationConfigId).toMatch(/^\d+$/);
  // Registered as the wizard registers (progress 9); the channel sync then finds it live.
  expect((await projectOf(projectId)).wabaProgressStep).toBe(9);
  expect(await onboardingOf(projectId)).toMatchObject({
    registeredAt: expect.any(Date),
    pinSealed: expect.stringMatching(/^v1:/),
  });
});

it('does each call once: a live number is not registered again, a second run changes nothing', async () => {
  const { projectId, success } = await signUp('919811122230');
  expect(success).toBe(true);
  await runDueJobs(t.deps.db, t.app.jobHandlers, () => t.clock.now);
  const first = await onboardingOf(projectId);
  expect(first.accountSteps?.subscribedAt).toBeDefined();
  expect(first.registeredAt).toBeNull();
  await t.app.jobHandlers[CONNECT_ACCOUNT_JOB]!({
    id: 'again',
    kind: CONNECT_ACCOUNT_JOB,
    payload: { partnerId: acme, projectId, register: false },
    attempts: 1,
    maxAttempts: 8,
  });
  expect((await onboardingOf(projectId)).accountSteps).toEqual(first.accountSteps);
});
