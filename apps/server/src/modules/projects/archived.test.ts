import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { partnerStatusTexts } from '@pc/contract';
import { businesses, projects } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { testKit } from '../project-billing/test-kit.js';

/**
 * A project the partner archived (Delete Project) is read-only history: its detail, billing logs
 * and reports stay readable, and every action on it answers 404 as an unknown project does, the
 * way its billing calls always did (rename, agent size, links and sync used to succeed on it). The
 * one move it takes is out of archived: the partner's restore, by the status rules.
 */
let t: TestContext;
let owner: string;
let kit: ReturnType<typeof testKit>;
let archived: typeof projects.$inferSelect;
let otherBusiness: string;

beforeAll(async () => {
  t = await startTestApp();
  kit = testKit(t.database.db);
  owner = await signInAs(t.app, 'owner');
  const acme = await kit.partnerId('Acme Messaging');
  const family = await kit.family(acme, 'Acme Standard');
  const [business, other] = await t.database.db
    .select()
    .from(businesses)
    .where(eq(businesses.partnerId, acme))
    .limit(2);
  otherBusiness = other!.id;
  // Live, on a plan, with credit: every action would have something to do on it but for the archive.
  archived = await makeProject(t.database.db, {
    partnerId: acme,
    businessId: business!.id,
    name: 'Archived Orders',
    familyId: family.id,
    activePlan: 'BASIC_MONTHLY',
    wccPlanId: (await kit.wcc(acme)).id,
    isWhatsappVerified: true,
    whatsappNumber: '919811100099',
    openingCredit: 500 * 100000,
  });
  await t.database.db
    .update(projects)
    .set({ partnerArchived: true, status: 'archived' })
    .where(eq(projects.id, archived.id));
});
afterAll(() => t.close());

const actions = () => {
  const id = archived.id;
  const billing = (what: string) => `/partner/:partnerId/project/${id}/billing/${what}`;
  return [
    ['PATCH', `/partner/:partnerId/project/${id}`, { name: 'Renamed' }],
    ['PATCH', '/api/update-project-agent-size', { projectId: id, agentSize: 10 }],
    ['PATCH', `/partner/:partnerId/project/${id}/migrate`, { businessId: otherBusiness }],
    ['POST', '/partner/:partnerId/sync-channel-status', { assistantId: id }],
    ['POST', '/api/generate-waba-link/', { assistantId: id }],
    ['POST', '/api/generate-connect-ads-link', { assistantId: id }],
    ['POST', '/api/generate-waba-migration-link/', { assistantId: id }],
    ['POST', '/api/generate-connect-catalog-link/', { assistantId: id }],
    ['POST', `/project/${id}/get-upload-url`, { fileName: 'a.png', contentType: 'image/png', fileType: 'IMAGE' }],
    ['POST', `/project/${id}/update-business-profile`, { whatsAppAbout: 'Changed' }],
    ['PATCH', billing('wcc'), { amount: 100000, action: 'ADD' }],
    ['PATCH', billing('pwc'), { amount: 100000, action: 'ADD' }],
    ['PATCH', billing('adCredit'), { amount: 100000, action: 'ADD' }],
    ['PATCH', billing('switch-plan'), { newFamilyId: archived.familyId, newPlanId: 'PRO_MONTHLY' }],
    ['PATCH', billing('reactivate-project'), { familyId: archived.familyId, defaultPlan: 'BASIC_MONTHLY' }],
    ['PATCH', `/partner/:partnerId/stop-project-billing/${id}`, {}],
    ['POST', `/partner/:partnerId/project/${id}/addon`, { addon: 'FLOW_BUILDER', flowCount: 5 }],
    ['PATCH', `/partner/:partnerId/project/${id}/addon`, { addon: 'FLOW_BUILDER', flowCount: 15 }],
    ['DELETE', `/partner/:partnerId/project/${id}/addon`, { addon: 'FLOW_BUILDER' }],
    ['PATCH', '/api/update-project-wcc-plan', { assistantId: id, wccPlanId: archived.wccPlanId }],
    ['POST', '/api/set-default-configs', { assistantId: id, whatsAppAbout: 'Changed' }],
    // Its one action is leaving `archived` (the restore, below); archiving it again is an action like the others.
    ['PUT', '/api/change-project-status', { assistantId: id, status: 'archived' }],
    ['POST', `/api/delete-project/${id}`, {}],
  ] as const;
};

describe('a project the partner archived', () => {
  it('answers every action with 404 and changes nothing, money included', async () => {
    const acme = archived.partnerId;
    const [before, logsBefore, centralBefore] = [
      await kit.projectById(archived.id),
      await kit.logCount(acme),
      await kit.central(acme),
    ];
    for (const [method, url, body] of actions()) {
      const res = await call(t.app, method, url, { token: owner, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await kit.projectById(archived.id)).toEqual(before);
    expect(await kit.logCount(acme)).toBe(logsBefore);
    expect(await kit.central(acme)).toBe(centralBefore);
  });

  it('stays readable: its detail and its billing logs', async () => {
    const detail = await call<{ partnerArchived: boolean }[]>(t.app, 'GET', `/api/get-project/${archived.id}`, {
      token: owner,
    });
    expect(detail.status).toBe(200);
    expect(detail.body[0]!.partnerArchived).toBe(true);
    const logs = await call<{ partnerBillingLogs: unknown[] }>(t.app, 'POST', '/api/partner-billing-activity-lists', {
      token: owner,
      body: { skip: 0, rowsPerPage: 10, assistantId: archived.id },
    });
    expect(logs.status).toBe(200);
    expect(logs.body.partnerBillingLogs.length).toBeGreaterThan(0);
  });
});

describe('the partner restores a deleted project (PUT /api/change-project-status out of archived)', () => {
  let seq = 0;
  /** A project of Acme's, deleted as Delete Project does, in a business of its own unless given one. */
  const deleted = async (values: Partial<typeof projects.$inferInsert> = {}) => {
    seq += 1;
    const acme = archived.partnerId;
    const project = await makeProject(t.database.db, {
      partnerId: acme,
      businessId: archived.businessId,
      name: `Deleted ${seq}`,
      familyId: archived.familyId,
      activePlan: 'BASIC_MONTHLY',
      isWhatsappVerified: true,
    });
    await t.database.db
      .update(projects)
      .set({ partnerArchived: true, status: 'archived', ...values })
      .where(eq(projects.id, project.id));
    return kit.projectById(project.id);
  };
  const setStatus = (assistantId: string, status: string, token = owner) =>
    call(t.app, 'PUT', '/api/change-project-status', { token, body: { assistantId, status } });

  it('brings it back as active or pending: out of Deleted, and its actions work again', async () => {
    const p = await deleted();
    expect(await setStatus(p.id, 'active')).toMatchObject({ status: 200, body: { message: 'Successfully Updated' } });
    expect(await kit.projectById(p.id)).toMatchObject({ partnerArchived: false, status: 'active' });
    const credit = await call(t.app, 'PATCH', `/partner/:partnerId/project/${p.id}/billing/wcc`, {
      token: owner,
      body: { amount: 100000, action: 'ADD' },
    });
    expect(credit.status).toBe(200);
    const q = await deleted();
    expect((await setStatus(q.id, 'pending')).status).toBe(200);
    expect(await kit.projectById(q.id)).toMatchObject({ partnerArchived: false, status: 'pending' });
  });

  it('one whose billing was stopped comes back stopped: active is refused (Reactivate charges the plan)', async () => {
    const stoppedOn = new Date('2026-01-02T03:04:05Z');
    const p = await deleted({ planStoppedOn: stoppedOn });
    const before = await kit.projectById(p.id);
    expect(await setStatus(p.id, 'active')).toMatchObject({
      status: 400,
      body: { message: partnerStatusTexts.reactivateInstead },
    });
    expect(await kit.projectById(p.id)).toEqual(before);
    expect((await setStatus(p.id, 'stopped')).status).toBe(200);
    expect(await kit.projectById(p.id)).toMatchObject({
      partnerArchived: false,
      status: 'stopped',
      planStoppedOn: stoppedOn,
    });
  });

  it("is refused while the project's business is deleted, and for a platform status or a read-only role", async () => {
    const business = await makeBusiness(t.database.db, {
      partnerId: archived.partnerId,
      displayName: 'Deleted Client',
      archived: true,
    });
    const p = await deleted({ businessId: business.id });
    const before = await kit.projectById(p.id);
    expect(await setStatus(p.id, 'active')).toMatchObject({
      status: 400,
      body: { message: partnerStatusTexts.businessDeleted },
    });
    const q = await deleted();
    expect(await setStatus(q.id, 'suspended')).toMatchObject({
      status: 400,
      body: { message: partnerStatusTexts.platformStatus },
    });
    expect((await setStatus(q.id, 'active', await signInAs(t.app, 'agent'))).status).toBe(403);
    expect(await kit.projectById(p.id)).toEqual(before);
    expect(await kit.projectById(q.id)).toMatchObject({ partnerArchived: true, status: 'archived' });
  });
});
