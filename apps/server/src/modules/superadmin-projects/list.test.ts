import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectStatuses,
  type SuperadminProject,
  type SuperadminProjectListResponse,
  type SuperadminProjectRow,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { projects } from '../../platform/db/schema.js';
import { adminCall, projectNamed } from './test-kit.js';

let t: TestContext;
let admin: string;
let owner: string;
let total: number;
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
  total = (await t.database.db.select({ n: count() }).from(projects))[0]!.n;
});
afterAll(() => t.close());

const list = async (body: unknown, token = admin) =>
  adminCall<SuperadminProjectListResponse & { message?: string }>(t, token, 'POST', '/superadmin/project-lists', body);
const names = (rows: SuperadminProjectRow[]) => rows.map((r) => r.assistantName);

describe('POST /superadmin/project-lists', () => {
  it("lists every partner's projects, newest first, 15 a page, with the partner and the client", async () => {
    const first = await list({});
    expect(first.status).toBe(200);
    expect(first.body.totalprojects).toBe(total);
    expect(first.body.projects).toHaveLength(15);
    const second = await list({ skip: 15, rowsPerPage: 15 });
    const all = [...first.body.projects, ...second.body.projects];
    expect(new Set(all.map((p) => p._id)).size).toBe(all.length);
    const created = all.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    // All four partners' projects, each with its partner's name.
    const everyone = await list({ rowsPerPage: 100 });
    expect(new Set(everyone.body.projects.map((p) => p.partnerName))).toEqual(
      new Set(['Acme Messaging', 'Direct Retail', 'AdsWorks', 'Growth Referrals']),
    );
    const counts = everyone.body.statusCounts;
    expect(Object.keys(counts).sort()).toEqual([...projectStatuses].sort());
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('shows every column of the spec, the staff fields included', async () => {
    const rows = (await list({ search: 'Sunrise Bakery' })).body.projects;
    const sunrise = rows.find((r) => r.assistantName === 'Sunrise Bakery')!;
    expect(sunrise).toMatchObject({
      partnerName: 'Acme Messaging',
      businessName: 'Sunrise Bakery',
      whatsappNumber: expect.stringMatching(/^91\d+$/),
      channelActivatedOn: expect.any(String),
      planActivatedOn: expect.any(String),
      planRenewalOn: expect.any(String),
      planStoppedOn: null,
      disabledOn: null,
      fbManagerVerified: true,
      displayNameStatus: 'APPROVED',
      qualityRating: 'GREEN',
      macQuota: 1000,
      macUsage: 412,
      templateCredit: expect.any(Number),
      messagingLimit: 'TIER_1K',
      status: 'active',
      partnerArchived: false,
    });
    const dispatch = (await list({ search: 'cedar dispatch' })).body.projects[0]!;
    expect(dispatch).toMatchObject({
      assistantName: 'Cedar Dispatch',
      status: 'unpaid',
      disabledOn: expect.any(String),
    });
  });

  it('filters by partner and by status; the total and the counts follow the filters', async () => {
    const adsId = await findPartnerIdByName(t.database.db, 'AdsWorks');
    const ads = await list({ partnerId: adsId });
    expect(names(ads.body.projects).sort()).toEqual(['Brightside Apparel', 'Northwind Outfitters']);
    expect(ads.body.totalprojects).toBe(2);
    expect(ads.body.statusCounts.active).toBe(2);
    expect(ads.body.statusCounts.unpaid).toBe(0);

    const suspended = await list({ status: 'suspended' });
    expect(suspended.body.projects.every((p) => p.status === 'suspended')).toBe(true);
    expect(names(suspended.body.projects)).toContain('Cedar Tracking');
    expect(suspended.body.totalprojects).toBe(suspended.body.statusCounts.suspended);

    const archived = await list({ status: 'archived' });
    expect(archived.body.projects.find((p) => p.assistantName === 'Old Market')).toMatchObject({
      partnerArchived: true,
    });
    // An unknown partner has no projects.
    const none = await list({ partnerId: 'no-such-partner' });
    expect(none.body).toMatchObject({ projects: [], totalprojects: 0 });
  });

  it('searches by the words of the name or the digits of the WhatsApp number', async () => {
    const cedar = await list({ search: 'cedar' });
    expect(names(cedar.body.projects).sort()).toEqual([
      'Cedar Customs',
      'Cedar Dispatch',
      'Cedar Returns',
      'Cedar Tracking',
    ]);
    expect(cedar.body.totalprojects).toBe(4);
    expect(cedar.body.statusCounts).toMatchObject({ unpaid: 1, suspended: 1, pending: 1, terminated: 1, active: 0 });
    // With the status filter too.
    expect(names((await list({ search: 'cedar', status: 'pending' })).body.projects)).toEqual(['Cedar Returns']);
    // The number, whole or in part, with a '+' or spaces.
    for (const search of ['14155550118', '+1 415 555 0118', '5550118'])
      expect(names((await list({ search })).body.projects), search).toEqual(['Northwind Outfitters']);
    expect((await list({ search: 'nothing like this' })).body.totalprojects).toBe(0);
  });

  it('refuses bad paging and an unknown status with a 400', async () => {
    for (const body of [{ rowsPerPage: 0 }, { rowsPerPage: 101 }, { skip: -1 }, { status: 'gone' }, { skip: 1.5 }]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('GET /superadmin/projects/:id', () => {
  it('answers what every section of the screen shows, with the partner and its central balance', async () => {
    const row = await projectNamed(t, 'Metro Clinics');
    const res = await adminCall<SuperadminProject>(t, admin, 'GET', `/superadmin/projects/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: row.id,
      assistantName: 'Metro Clinics',
      activePlan: 'PRO_YEARLY',
      isWhatsappVerified: true,
      providerType: 'v3',
      templateCredit: Number(row.templateCredit),
      partnerWhatsappCredit: Number(row.partnerWhatsappCredit),
      metaAdsCredit: Number(row.metaAdsCredit),
      maxAgents: row.maxAgents,
      dailyTemplateLimit: 250,
      macQuota: 2000,
      macUsage: 1875,
      appName: 'Metro Clinics Care',
      // The tests' seed has no box to seal keys with.
      apiKey360: null,
      processedAt: expect.any(String),
      partner: { name: 'Acme Messaging', type: 'WHITELABEL', currency: 'INR', centralBalance: expect.any(Number) },
      business: { name: 'Metro Clinics', company: 'Metro Health LLP' },
    });
  });

  it('opens archived projects too, and answers 404 for an unknown one', async () => {
    const old = await projectNamed(t, 'Old Market');
    expect((await adminCall(t, admin, 'GET', `/superadmin/projects/${old.id}`)).body).toMatchObject({
      status: 'archived',
      partnerArchived: true,
    });
    expect((await adminCall(t, admin, 'GET', '/superadmin/projects/nope')).status).toBe(404);
  });
});

describe('access', () => {
  it("is the super-admin's only: a partner's token gets 403 on every route, without one 401, and nothing changes", async () => {
    const p = await projectNamed(t, 'Nimbus Travel');
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['POST', '/superadmin/project-lists', {}],
      ['GET', `/superadmin/projects/${p.id}`],
      ['PUT', `/superadmin/projects/${p.id}/status`, { status: 'suspended' }],
      ['PUT', `/superadmin/projects/${p.id}/plan`, { activePlan: 'PRO' }],
      ['PUT', `/superadmin/projects/${p.id}/verification`, { isWhatsappVerified: true }],
      ['PUT', `/superadmin/projects/${p.id}/whatsapp-number`, { whatsappNumber: '919812345678' }],
      ['PUT', `/superadmin/projects/${p.id}/app-name`, { appName: 'Taken' }],
      ['PUT', `/superadmin/projects/${p.id}/api-key`, { apiKey: 'abcdef123456' }],
      ['PUT', `/superadmin/projects/${p.id}/processed`, { processed: true }],
      ['POST', `/superadmin/projects/${p.id}/template-credit`, { amount: 100000 }],
      ['POST', '/superadmin/get-credits-from-cache', { assistantId: p.id }],
      ['POST', '/superadmin/sync-template-messages', { assistantId: p.id }],
      ['POST', '/superadmin/migrate-all-templates', { assistantId: p.id }],
    ];
    const agent = await signInAs(t.app, 'agent');
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { token: owner, body })).status, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, { token: agent, body })).status, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    expect(await projectNamed(t, 'Nimbus Travel')).toEqual(p);
    // Every route of the module is in the list above.
    const ours = t.app.accessTable.filter(
      (r) =>
        r.url === '/superadmin/project-lists' ||
        (r.url.startsWith('/superadmin/projects/') && !r.url.endsWith('/renew-plan')) ||
        [
          '/superadmin/get-credits-from-cache',
          '/superadmin/sync-template-messages',
          '/superadmin/migrate-all-templates',
        ].includes(r.url),
    );
    expect(ours.map((r) => `${r.method} ${r.access}`).sort()).toEqual(
      routes.map(([method]) => `${method} superadmin`).sort(),
    );
  });
});
