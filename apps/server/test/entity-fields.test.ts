import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_MEMBER_COUNTRY,
  MEMBER_SESSIONS_SHOWN,
  messages,
  type AllRolesResponse,
  type FetchPartnerAgentsResponse,
  type Me,
  type Partner,
  type ProjectDetail,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from './harness.js';
import { partners, platformAdmins, projectOnboarding, projects } from '../src/platform/db/schema.js';

/**
 * The entity fields the spec lists (doc 1 section 3, doc 2 section 3, doc 3 section 3) in the
 * answers that carry them: the project's detail, the partner's profile, the signed-in user and the
 * team member. Each is answered from what the product holds, or with its empty value where the
 * product has nothing of the kind (the contract says why).
 */
let t: TestContext;
let owner: string;
let admin: string;
let acmeId: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, admin] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'admin')]);
  acmeId = (await call<Me>(t.app, 'GET', '/api/me', { token: owner })).body.agent!.partnerId;
});
afterAll(() => t.close());

const projectNamed = async (name: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.name, name)))[0]!;
const getProject = async (id: string) =>
  (await call<ProjectDetail[]>(t.app, 'GET', `/api/get-project/${id}`, { token: owner })).body[0]!;
const setProject = (id: string, values: Partial<typeof projects.$inferInsert>) =>
  t.database.db.update(projects).set(values).where(eq(projects.id, id));

describe('the project (GET /api/get-project/{projectId})', () => {
  it('answers what staff set on it: app name, the API key masked, the processed marker, the daily template limit', async () => {
    const { id } = await projectNamed('Metro Reminders');
    const staff = (path: string, body: unknown) =>
      call(t.app, 'PUT', `/superadmin/projects/${id}/${path}`, { token: admin, body });
    expect((await staff('app-name', { appName: 'Metro Reminders App' })).status).toBe(200);
    expect((await staff('api-key', { apiKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' })).status).toBe(200);
    const marked = await staff('processed', { processed: true });
    await setProject(id, { dailyTemplateLimit: 2500 });

    const p = await getProject(id);
    expect(p).toMatchObject({
      appName: 'Metro Reminders App',
      apiKey360: '••••c5d6',
      processed: (marked.body as { processedAt: string }).processedAt,
      dailyTemplateLimit: 2500,
      providerType: 'v3',
      mmLiteConfig: { enabled: false },
    });
    expect(JSON.stringify(p)).not.toContain('a1b2c3d4e5f6');

    await staff('processed', { processed: false });
    await setProject(id, { dailyTemplateLimit: null, providerType: 'v2' });
    expect(await getProject(id)).toMatchObject({ processed: null, dailyTemplateLimit: null, providerType: 'v2' });
  });

  it('says the display name is verified when Meta approved it, and the messaging tier as templateTier', async () => {
    const { id } = await projectNamed('Metro Reminders');
    await setProject(id, { displayNameStatus: 'APPROVED', messagingLimit: 'TIER_10K' });
    expect(await getProject(id)).toMatchObject({
      displayNameStatus: 'APPROVED',
      displayNameVerified: true,
      messagingLimit: 'TIER_10K',
      templateTier: 'TIER_10K',
    });
    await setProject(id, { displayNameStatus: 'PENDING_REVIEW', messagingLimit: null });
    expect(await getProject(id)).toMatchObject({ displayNameVerified: false, templateTier: null });
  });

  it('counts what is left of the month’s conversation quota and what went beyond it', async () => {
    const { id } = await projectNamed('Metro Reminders');
    const usage = async (macQuota: number | null, macUsage: number) => {
      await setProject(id, { macQuota, macUsage });
      const p = await getProject(id);
      return [p.macQuota, p.macUsage, p.remainingCredit, p.excessUsage];
    };
    expect(await usage(1000, 96)).toEqual([1000, 96, 904, 0]);
    expect(await usage(250, 250)).toEqual([250, 250, 0, 0]);
    expect(await usage(250, 310)).toEqual([250, 310, 0, 60]);
    expect(await usage(null, 40)).toEqual([null, 40, null, 0]);
  });

  it("answers the onboarding's last error from Meta as procurementError, and null once there is none", async () => {
    const { id, partnerId } = await projectNamed('Metro Reminders');
    expect((await getProject(id)).procurementError).toBeNull();
    const at = new Date('2026-01-05T10:00:00.000Z');
    await t.database.db
      .insert(projectOnboarding)
      .values({
        projectId: id,
        partnerId,
        errorCode: 133005,
        errorSubcode: null,
        errorMessage: 'Two step verification PIN Mismatch',
        errorTraceId: 'AtraceX',
        errorAt: at,
      })
      .onConflictDoUpdate({
        target: [projectOnboarding.projectId, projectOnboarding.partnerId],
        set: { errorCode: 133005, errorMessage: 'Two step verification PIN Mismatch', errorAt: at },
      });
    expect((await getProject(id)).procurementError).toMatchObject({
      code: 133005,
      subcode: null,
      message: 'Two step verification PIN Mismatch',
      at: at.toISOString(),
    });
    await t.database.db
      .update(projectOnboarding)
      .set({ errorCode: null, errorAt: null })
      .where(eq(projectOnboarding.projectId, id));
    expect((await getProject(id)).procurementError).toBeNull();
  });
});

describe('the partner (POST /api/get-profile)', () => {
  const profile = async (token: string) =>
    (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token, body: {} })).body.data;

  it('gives the owner every role by name, the same map as get-all-roles, and a member only their own', async () => {
    const acme = await profile(owner);
    const all = (await call<AllRolesResponse>(t.app, 'GET', '/api/get-all-roles', { token: owner })).body.roles;
    expect(Object.keys(acme.roles).length).toBeGreaterThan(1);
    expect(acme.roles).toEqual(all);
    expect(acme.roles.Viewer).toMatchObject({ name: 'Viewer', accessLevel: { dashboard: { read: true } } });

    const viewer = await profile(await signInAs(t.app, 'agent'));
    expect(viewer.roles).toEqual({ Viewer: all.Viewer });
  });

  it('names the sign-up and trial switches as doc 3 does too, and gives the plan type', async () => {
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, acmeId));
    const before = await profile(owner);
    expect(before).toMatchObject({
      signUpEnabled: before.enableSignUp,
      trialEnabled: before.enableTrial,
      planType: row!.planType,
    });
    const flip = (body: object) => call(t.app, 'PATCH', '/api/update-partner-config', { token: owner, body });
    expect((await flip({ signUpEnabled: !before.enableSignUp })).status).toBe(200);
    expect((await flip({ trialEnabled: !before.enableTrial })).status).toBe(200);
    expect(await profile(owner)).toMatchObject({
      enableSignUp: !before.enableSignUp,
      signUpEnabled: !before.enableSignUp,
      enableTrial: !before.enableTrial,
      trialEnabled: !before.enableTrial,
    });
  });
});

describe('the signed-in user (GET /api/me)', () => {
  it("gives the member's id as id and agentId", async () => {
    const me = (await call<Me>(t.app, 'GET', '/api/me', { token: owner })).body;
    expect(me.id).toBe(me.agent!._id);
    expect(me.agentId).toBe(me.agent!._id);
  });

  it("gives staff their own id and no agentId: they are no partner's agent", async () => {
    const me = (await call<Me>(t.app, 'GET', '/api/me', { token: admin })).body;
    const [staff] = await t.database.db
      .select({ id: platformAdmins.id })
      .from(platformAdmins)
      .where(eq(platformAdmins.loginUsername, 'admin'));
    expect(me).toMatchObject({ kind: 'superadmin', id: staff!.id, agentId: null, agent: null });
  });
});

describe('the team member (POST /api/fetch-partner-agents)', () => {
  const members = async () =>
    (await call<FetchPartnerAgentsResponse>(t.app, 'POST', '/api/fetch-partner-agents', { token: owner, body: {} }))
      .body.partnerAgents;
  const memberNamed = async (loginUsername: string) =>
    (await members()).find((a) => a.loginUsername === loginUsername)!;
  const create = (loginUsername: string, extra: object = {}) =>
    call(t.app, 'POST', '/api/create-partner-agent', {
      token: owner,
      body: {
        name: `Member ${loginUsername}`,
        email: `${loginUsername}@acme.example`,
        loginUsername,
        loginPassword: 'Member@123',
        dialCode: '91',
        phoneNumber: '9876543210',
        agentRole: 'Viewer',
        ...extra,
      },
    });
  const signInFrom = (loginUsername: string, device: string) =>
    call<{ token: string }>(t.app, 'POST', '/auth/login', {
      body: { userName: loginUsername, password: 'Member@123' },
      headers: { 'user-agent': device },
    });

  it('gets India when created without a country, and keeps the one chosen', async () => {
    expect((await create('fields-no-country')).body).toEqual({ message: messages.memberCreated });
    expect((await memberNamed('fields-no-country')).country).toBe(DEFAULT_MEMBER_COUNTRY);
    expect(DEFAULT_MEMBER_COUNTRY).toBe('IN');
    await create('fields-gb', { country: 'gb', dialCode: '44', phoneNumber: '7700900123' });
    expect((await memberNamed('fields-gb')).country).toBe('GB');
  });

  it("answers the partner's currency and name, and the sign-up profile a member never has as empty", async () => {
    const owner = await memberNamed('owner');
    expect(owner).toMatchObject({
      currency: 'INR',
      company: 'Acme Messaging',
      firstProjectId: null,
      affiliateId: null,
      industry: null,
      companySize: null,
      signupSource: null,
      utmParams: { campaign: null, medium: null, source: null },
      filter: null,
    });
  });

  it('lists the devices a member is signed in on, newest first, and none once they are deleted', async () => {
    await create('fields-devices');
    expect((await memberNamed('fields-devices')).sessions).toEqual([]);
    await signInFrom('fields-devices', 'Phone browser');
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await signInFrom('fields-devices', 'Desk browser');
    const member = await memberNamed('fields-devices');
    expect(member.sessions.map((s) => s.device)).toEqual(['Desk browser', 'Phone browser']);
    expect(new Date(member.sessions[0]!.createdAt).getTime()).toBeGreaterThan(
      new Date(member.sessions[1]!.createdAt).getTime(),
    );

    await call(t.app, 'POST', '/api/disable-partner-agent', { token: owner, body: { agentId: member._id } });
    expect((await memberNamed('fields-devices')).sessions).toEqual([]);
  });

  it(`shows at most ${MEMBER_SESSIONS_SHOWN} sessions of a member`, async () => {
    await create('fields-many');
    for (let i = 0; i < MEMBER_SESSIONS_SHOWN + 2; i += 1) await signInFrom('fields-many', `Browser ${i}`);
    const sessions = (await memberNamed('fields-many')).sessions;
    expect(sessions).toHaveLength(MEMBER_SESSIONS_SHOWN);
    expect(sessions[0]!.device).toBe(`Browser ${MEMBER_SESSIONS_SHOWN + 1}`);
    expect(sessions.map((s) => s.device)).not.toContain('Browser 0');
  });

  it('counts a sign-in once, as one live session', async () => {
    await signIn(t.app, 'fields-gb', 'Member@123');
    expect((await memberNamed('fields-gb')).sessions).toHaveLength(1);
  });
});
