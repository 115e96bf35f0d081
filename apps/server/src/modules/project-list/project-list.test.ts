import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectsReportColumns,
  projectTabCount,
  projectTabFilters,
  type ProjectCounts,
  type ProjectListResponse,
  type ProjectSummary,
  type ProjectTabFilter,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { eq } from 'drizzle-orm';
import { projects } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { csvCell } from './report.js';

let t: TestContext;
let owner: string;
let viewer: string;
let referral: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer, referral] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'referral'),
  ]);
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, opts: { token?: string; sort?: 'asc' | 'dec'; url?: string } = {}) =>
  call<ProjectListResponse>(t.app, 'POST', `${opts.url ?? '/api/project-lists'}?sort=${opts.sort ?? 'dec'}`, {
    token: opts.token ?? owner,
    body,
  });
const counts = async (body: Record<string, unknown> = {}, token = owner, url = '/api/project-counts') => {
  const res = await call<ProjectCounts[]>(t.app, 'POST', url, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[0]!;
};
const all = async (filter: ProjectTabFilter, extra: Record<string, unknown> = {}) =>
  (await list({ filter, skip: 0, rowsPerPage: 100, ...extra })).body;
const names = (projects: ProjectSummary[]) => projects.map((p) => p.assistantName).sort();

/** What each tab holds, said once more from the rows (the server says it in SQL). */
const holds: Record<ProjectTabFilter, (p: ProjectSummary & { isTrial?: boolean }) => boolean> = {
  All: (p) => !p.partnerArchived,
  Trial: (p) => !p.partnerArchived,
  'API Trial': (p) => !p.partnerArchived,
  Draft: (p) => !p.partnerArchived && !p.isWhatsappVerified,
  Live: (p) => !p.partnerArchived && p.isWhatsappVerified,
  'Monthly Plan': (p) => !p.partnerArchived && p.activePlan.endsWith('_MONTHLY'),
  'Yearly Plan': (p) => !p.partnerArchived && p.activePlan.endsWith('_YEARLY'),
  KYC: (p) => !p.partnerArchived,
  Stopped: (p) => !p.partnerArchived && p.status === 'stopped',
  Deleted: (p) => p.partnerArchived,
};

describe('the tabs of the demo partner', () => {
  it('each tab lists exactly what its count says, and only what it holds', async () => {
    const c = await counts();
    for (const tab of projectTabFilters) {
      const page = await all(tab);
      expect(page.totalprojects, tab).toBe(c[projectTabCount[tab]]);
      expect(page.projects.length, tab).toBe(page.totalprojects);
      for (const p of page.projects) expect(holds[tab](p), `${tab}: ${p.assistantName}`).toBe(true);
    }
  });

  it('every tab of the demo has something, and the states land in their tabs', async () => {
    const c = await counts();
    expect(c).toMatchObject({ allCount: 21, deletedCount: 1, stoppedCount: 1, trialCount: 1, apiTrialCount: 1 });
    expect(names((await all('Trial')).projects)).toEqual(['Orchid Salon']);
    expect(names((await all('API Trial')).projects)).toEqual(['Vertex Labs']);
    expect(names((await all('Deleted')).projects)).toEqual(['Old Market']);
    expect(names((await all('Stopped')).projects)).toEqual(['Pixel Foods']);
    expect((await all('Live')).projects.map((p) => p.assistantName)).toContain('Sunrise Bakery');
    expect((await all('Draft')).projects.map((p) => p.assistantName)).toContain('Nimbus Travel');
    expect(c.liveCount + c.draftCount).toBe(c.allCount);
  });

  it('a row carries what the list shows: business name, credit in units, dates', async () => {
    const sunrise = (await all('All', { assistantName: 'Sunrise Bakery' })).projects[0]!;
    expect(sunrise).toMatchObject({
      assistantName: 'Sunrise Bakery',
      businessName: 'Sunrise Bakery',
      templateCredit: 1500 * 100000,
      currency: 'INR',
      activePlan: 'BASIC_MONTHLY',
      isWhatsappVerified: true,
    });
    expect(Date.parse(sunrise.createdAt)).toBeLessThan(Date.now());
  });
});

describe('paging and sort', () => {
  it('pages of 15 by skip: no row twice, none missed, newest first; asc is the reverse', async () => {
    const first = (await list({ filter: 'All', skip: 0, rowsPerPage: 15 })).body;
    const second = (await list({ filter: 'All', skip: first.newSkip, rowsPerPage: 15 })).body;
    expect(first.projects).toHaveLength(15);
    expect(first.newSkip).toBe(15);
    expect(second.projects).toHaveLength(6);
    expect(second.newSkip).toBe(21);
    const ids = [...first.projects, ...second.projects].map((p) => p._id);
    expect(new Set(ids).size).toBe(21);
    const dates = [...first.projects, ...second.projects].map((p) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const asc = (await list({ filter: 'All', skip: 0, rowsPerPage: 100 }, { sort: 'asc' })).body.projects.map(
      (p) => p._id,
    );
    expect(asc).toEqual([...ids].reverse());
  });

  it('without paging fields: tab All, 10 rows', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.projects).toHaveLength(10);
    expect(res.body.totalprojects).toBe(21);
  });
});

describe('the filter', () => {
  it('name search: each word typed starts a word of the name, in any case; text without words finds nothing', async () => {
    expect((await all('All', { assistantName: 'kite camp' })).totalprojects).toBe(8);
    expect(await counts({ assistantName: 'KITE' })).toMatchObject({ allCount: 8 });
    expect(names((await all('All', { assistantName: 'campaign 04' })).projects)).toEqual(['Kite Campaign 04']);
    expect(names((await all('All', { assistantName: 'sunrise ord' })).projects)).toEqual(['Sunrise Orders']);
    expect((await all('All', { assistantName: 'ampaign' })).totalprojects).toBe(0);
    for (const odd of ['%', '_', "' or 1=1 --", '&|!:*'])
      expect((await list({ assistantName: odd })).status, odd).toBe(200);
    expect((await all('All', { assistantName: '%' })).totalprojects).toBe(0);
  });

  it('counts kept by the counter table equal counts read from the projects, through inserts, updates and deletes', async () => {
    const viaProjects = () => counts({ fromDate: '2000-01-01' });
    expect(await counts()).toEqual(await viaProjects());
    const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
    const business = await makeBusiness(t.database.db, { partnerId: acmeId, displayName: 'Counter Check' });
    const before = await counts();
    const made = await makeProject(t.database.db, {
      partnerId: acmeId,
      businessId: business.id,
      name: 'Counter Check',
      isTrial: true,
      activePlan: 'TRIAL',
    });
    expect(await counts()).toMatchObject({ allCount: before.allCount + 1, trialCount: before.trialCount + 1 });
    await t.database.db
      .update(projects)
      .set({ partnerArchived: true, status: 'archived' })
      .where(eq(projects.id, made.id));
    expect(await counts()).toMatchObject({
      allCount: before.allCount,
      trialCount: before.trialCount,
      deletedCount: before.deletedCount + 1,
    });
    expect(await counts()).toEqual(await viaProjects());
    await t.database.db.delete(projects).where(eq(projects.id, made.id));
    expect(await counts()).toEqual(before);
  });

  it('monthly and yearly plans narrow rows and counts alike; ALL is no filter', async () => {
    const basic = await all('Monthly Plan', { monthlyPlan: 'BASIC_MONTHLY' });
    expect(basic.projects.length).toBeGreaterThan(0);
    for (const p of basic.projects) expect(p.activePlan).toBe('BASIC_MONTHLY');
    expect((await counts({ monthlyPlan: 'BASIC_MONTHLY' })).monthlyCount).toBe(basic.totalprojects);
    expect((await counts({ monthlyPlan: 'ALL' })).allCount).toBe(21);
    const yearly = await all('Yearly Plan', { yearlyPlan: 'PRO_YEARLY' });
    for (const p of yearly.projects) expect(p.activePlan).toBe('PRO_YEARLY');
    expect(names(yearly.projects)).toContain('Metro Clinics');
  });

  it('KYC values read bvbpProcess (0 not applied, 1-2 under review, 3 limit increased; 0 with a remark rejected)', async () => {
    const c = await counts();
    expect(c).toMatchObject({ kycDoneCount: 3, KycAppliedCount: 2, KycLimitIncreasedCount: 1 });
    expect(names((await all('KYC', { kycFilter: 'Limit Increased' })).projects)).toEqual(['Sunrise Bakery']);
    expect(names((await all('All', { kycFilter: 'Applied' })).projects)).toEqual(['Kite Campaign 04', 'Metro Clinics']);
    expect(names((await all('All', { kycFilter: 'Rejected' })).projects)).toEqual(['Metro Reminders']);
    expect((await all('All', { kycFilter: 'Not Applied' })).totalprojects).toBe(c.KycNotAppliedCount);
    expect(c.KycNotAppliedCount + c.kycDoneCount + 1).toBe(c.allCount);
  });

  it('created-at and plan-activated ranges, by day or instant', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
    expect(
      (await all('All', { fromDate: daysAgo(13), toDate: today })).projects.map((p) => p.assistantName).sort(),
    ).toEqual(['Orchid Salon', 'Vertex Labs']);
    expect((await counts({ fromDate: daysAgo(13), toDate: today })).allCount).toBe(2);
    const activated = await all('All', { fromPlanActivatedDate: daysAgo(60), toPlanActivatedDate: today });
    for (const p of activated.projects)
      expect(Date.parse(p.planActivatedOn!)).toBeGreaterThan(Date.now() - 61 * 86400000);
    expect(names(activated.projects)).toContain('Metro Reminders');
    expect(names(activated.projects)).not.toContain('Sunrise Bakery');
    expect((await all('All', { fromDate: new Date(Date.now() + 60_000).toISOString() })).totalprojects).toBe(0);
  });

  it("a business id narrows to that business; another partner's or an unknown one is 404", async () => {
    const sunrise = (await all('All', { assistantName: 'Sunrise Orders' })).projects[0]!;
    expect(names((await all('All', { businessId: sunrise.clientId })).projects)).toEqual([
      'Sunrise Bakery',
      'Sunrise Orders',
    ]);
    const direct = await signInAs(t.app, 'direct');
    expect((await list({ businessId: sunrise.clientId }, { token: direct })).status).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/project-counts', { token: direct, body: { businessId: sunrise.clientId } }))
        .status,
    ).toBe(404);
    expect((await list({ businessId: 'no-such-business' })).status).toBe(404);
  });

  it('refuses bad input with 400 and a message', async () => {
    for (const body of [
      { filter: 'Everything' },
      { rowsPerPage: 0 },
      { skip: -1 },
      { fromDate: 'yesterday' },
      { monthlyPlan: 'GOLD_MONTHLY' },
      { kycFilter: 'Maybe' },
      { rowsPerPage: 1000 },
    ]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty('message');
    }
    expect((await call(t.app, 'POST', '/api/project-lists?sort=sideways', { token: owner, body: {} })).status).toBe(
      400,
    );
  });
});

describe('who sees what', () => {
  it('the read-only Viewer may list, count and download', async () => {
    expect((await list({}, { token: viewer })).status).toBe(200);
    expect((await counts({}, viewer)).allCount).toBe(21);
  });

  it('a referral user sees only the projects of the businesses they brought, on either route; partnerReferralId is ignored', async () => {
    const acmeOwnerId = 'someone-else';
    for (const url of ['/api/partner-referral-project-lists', '/api/project-lists']) {
      const res = await list(
        { filter: 'All', skip: 0, rowsPerPage: 15, partnerReferralId: acmeOwnerId },
        { token: referral, url },
      );
      expect(names(res.body.projects), url).toEqual(['Lotus Tutors']);
    }
    expect(
      await counts({ partnerReferralId: acmeOwnerId }, referral, '/api/partner-referral-project-counts'),
    ).toMatchObject({ allCount: 1, draftCount: 1 });
    // The partner's owner on the referral route sees only what they brought: nothing.
    expect((await list({}, { url: '/api/partner-referral-project-lists' })).body.totalprojects).toBe(0);
  });
});

describe('projects.csv', () => {
  const report = (body: Record<string, unknown>, token = owner, partnerId = ':partnerId') =>
    t.app.inject({
      method: 'POST',
      url: `/partner/${partnerId}/projects-report`,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  const parse = (text: string) => text.trim().split('\r\n');

  it("streams the tab's rows under the documented columns, with Project ID", async () => {
    const res = await report({ filter: 'Live' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('projects.csv');
    const [header, ...rows] = parse(res.body);
    expect(header).toBe(projectsReportColumns.join(','));
    expect(header!.startsWith('Project ID,')).toBe(true);
    expect(rows).toHaveLength((await counts()).liveCount);
    const sunrise = rows.find((r) => r.includes(',Sunrise Bakery,'))!;
    const id = (await all('All', { assistantName: 'Sunrise Bakery' })).projects[0]!._id;
    expect(sunrise.split(',')).toEqual([
      id,
      'Sunrise Bakery',
      'Sunrise Bakery',
      'sunrise.bakery@client.example',
      'Live',
      expect.any(String),
      'BASIC_MONTHLY',
      'Basic',
      'Active',
      'active',
      '1500.00',
      'INR',
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('takes the same filter as the list (search, sort)', async () => {
    const rows = parse((await report({ filter: 'All', assistantName: 'kite', sort: 'asc' })).body).slice(1);
    expect(rows.map((r) => r.split(',')[1])).toEqual(Array.from({ length: 8 }, (_, i) => `Kite Campaign 0${i + 1}`));
  });

  it('escapes formulas and quotes cells', async () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+', '-', '@', '\t']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell('a,b')).toBe('"a,b"');
    const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
    const business = await makeBusiness(t.database.db, { partnerId: acmeId, displayName: '@Evil, Inc' });
    await makeProject(t.database.db, { partnerId: acmeId, businessId: business.id, name: '=SUM(1)' });
    const rows = parse((await report({ filter: 'All', assistantName: 'sum' })).body);
    expect(rows[1]!.split(',').slice(1, 4)).toEqual(["'=SUM(1)", `"'@Evil`, ` Inc"`]);
  });

  it("is the session's partner's: another partner's id in the path or a foreign business is 404", async () => {
    const direct = await signInAs(t.app, 'direct');
    const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
    expect((await report({ filter: 'All' }, direct, acmeId)).statusCode).toBe(404);
    const rows = parse((await report({ filter: 'All' }, direct)).body).slice(1);
    expect(rows.map((r) => r.split(',')[1]).sort()).toEqual(['Bloom Florist', 'Corner Store']);
    const sunrise = (await all('All', { assistantName: 'Sunrise Orders' })).projects[0]!;
    expect((await report({ filter: 'All', businessId: sunrise.clientId }, direct)).statusCode).toBe(404);
  });

  it('needs the tab: an empty body is a 400', async () => {
    expect((await report({})).statusCode).toBe(400);
  });
});
