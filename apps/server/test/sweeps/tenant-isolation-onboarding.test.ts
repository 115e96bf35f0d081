import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import { projectOnboarding, projects, registrationAttempts, sandboxMetaNumbers } from '../../src/platform/db/schema.js';

/**
 * The onboarding calls' tenant floor: each partner's owner, naming another partner's project (on a
 * sandbox number that would register), gets 404 and nothing changes: no code sent, no attempt
 * counted, no state kept.
 */
let t: TestContext;
const owners = { acme: '', ads: '' };
const theirs = { acme: '', ads: '' };

const world = async () => ({
  onboarding: await t.database.db.select().from(projectOnboarding).orderBy(asc(projectOnboarding.projectId)),
  attempts: await t.database.db.select().from(registrationAttempts),
  numbers: await t.database.db.select().from(sandboxMetaNumbers).orderBy(asc(sandboxMetaNumbers.phoneNumberId)),
});

const onNumber = async (name: string, number: string) => {
  const [p] = await t.database.db
    .update(projects)
    .set({ wabaNumberId: number, wabaAppId: `${number}9` })
    .where(eq(projects.name, name))
    .returning();
  return p!.id;
};

beforeAll(async () => {
  t = await startTestApp();
  owners.acme = await signInAs(t.app, 'owner');
  owners.ads = await signInAs(t.app, 'ads');
  theirs.acme = await onNumber('Metro Clinics', '109000000001108');
  theirs.ads = await onNumber('Brightside Apparel', '109000000002108');
});
afterAll(() => t.close());

const attempts = (project: string): [string, 'GET' | 'POST', string, object?][] => [
  ['state', 'GET', `/partner/:partnerId/onboarding/${project}`],
  ['register', 'POST', '/partner/:partnerId/register-with-pin', { assistantId: project, confirmLastAttempt: true }],
  ['code', 'POST', '/partner/:partnerId/trigger-code', { assistantId: project, mode: 'SMS' }],
  ['verify', 'POST', '/partner/:partnerId/verify-code', { assistantId: project, verifyCode: '123456' }],
  ['account health', 'POST', '/partner/:partnerId/waba-app-id-health-check', { assistantId: project }],
  ['number health', 'POST', '/partner/:partnerId/waba-number-id-health-check', { assistantId: project }],
  ['sandbox phone', 'GET', `/partner/:partnerId/sandbox-phone/${project}`],
  ['two-step off', 'POST', `/partner/:partnerId/sandbox-phone/${project}/turn-off-two-step`, {}],
];

describe('onboarding calls on another partner’s project', () => {
  it.each([
    ['acme', 'ads'],
    ['ads', 'acme'],
  ] as const)('%s acting on %s’s project: 404 each, nothing changes', async (actor, victim) => {
    const before = await world();
    for (const [name, method, url, body] of attempts(theirs[victim])) {
      const res = await call(t.app, method, url, { token: owners[actor], ...(body ? { body } : {}) });
      expect(res.status, `${name} ${url}`).toBe(404);
    }
    expect(await world()).toEqual(before);
  });

  it('the same calls on the own project work (the floor is not a wall)', async () => {
    const res = await call(t.app, 'POST', '/partner/:partnerId/trigger-code', {
      token: owners.acme,
      body: { assistantId: theirs.acme, mode: 'SMS' },
    });
    expect(res.status).toBe(200);
  });
});
