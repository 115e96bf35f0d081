import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_MARKER,
  businessTexts,
  type AllBusinessListsResponse,
  type Business,
  type BusinessCounts,
  type BusinessListsResponse,
  type BusinessProjectsResponse,
  type CreateBusinessWithProjectResponse,
  type PlanFamily,
  type WccFamily,
  type WhatsappPaymentsPlan,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog } from '../../platform/db/schema.js';

let t: TestContext;
let owner: string;
let viewer: string;
let manager: string;
let direct: string;
let ads: string;
let referral: string;
let family: PlanFamily;
let wcc: WccFamily;
let pay: WhatsappPaymentsPlan;

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer, manager, direct, ads, referral] = await Promise.all(
    ['owner', 'agent', 'priya', 'direct', 'ads', 'referral'].map((u) => signInAs(t.app, u as 'owner')),
  );
  family = (await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner }))
    .body.planFamily[0]!;
  wcc = (await call<{ wccPlan: WccFamily[] }>(t.app, 'GET', '/api/get-partner-wcc-plans', { token: owner })).body
    .wccPlan[0]!;
  pay = (
    await call<{ whatsappPaymentsPlans: WhatsappPaymentsPlan[] }>(t.app, 'GET', '/api/whatsapp-payments-plans', {
      token: owner,
    })
  ).body.whatsappPaymentsPlans[0]!;
});
afterAll(() => t.close());

let seq = 0;
const details = (change: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    email: `client${seq}@biz.example`,
    display_name: `Client ${seq}`,
    company: `Client ${seq} Pvt Ltd`,
    contact: '919876543210',
    website: 'https://client.example',
    companySize: '1 - 10',
    industry: 'Education',
    ...change,
  };
};
const withPlans = (change: Record<string, unknown> = {}) =>
  details({ newFamilyId: family._id, newPlanId: 'BASIC_MONTHLY', wccPlan: wcc._id, waPayPlan: pay._id, ...change });
const list = async (body: Record<string, unknown>, token = owner, sort = 'dec') =>
  call<BusinessListsResponse>(t.app, 'POST', `/api/business-lists?sort=${sort}`, { token, body });
const counts = async (token = owner) =>
  (await call<BusinessCounts[]>(t.app, 'POST', '/api/business-counts', { token, body: {} })).body[0]!;
const createFull = (body: unknown, token = owner) =>
  call<CreateBusinessWithProjectResponse>(t.app, 'POST', '/partner/:partnerId/business/create', { token, body });
/** The activity log's newest entry about a business or project. */
const lastEntry = async (targetId: string) =>
  (
    await t.database.db
      .select()
      .from(partnerAuditLog)
      .where(eq(partnerAuditLog.targetId, targetId))
      .orderBy(desc(partnerAuditLog.createdAt))
      .limit(1)
  )[0];

describe('plan catalogue reads', () => {
  it("give the partner's own families, and none to a referral user", async () => {
    expect(family.name).toMatch(/^Acme /);
    const names = (
      await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner })
    ).body.planFamily.map((f) => f.name);
    expect(names.sort()).toEqual(['Acme Premium', 'Acme Standard']);
    const adsNames = (
      await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: ads })
    ).body.planFamily.map((f) => f.name);
    expect(adsNames).toEqual(['AdsWorks Plans']);
    for (const url of [
      '/api/get-partner-plan-families',
      '/api/get-partner-wcc-plans',
      '/api/whatsapp-payments-plans',
    ]) {
      const body = (await call<Record<string, unknown[]>>(t.app, 'GET', url, { token: referral })).body;
      expect(Object.values(body)[0], url).toEqual([]);
    }
  });
});

describe('business lists and counts', () => {
  it('pages 25 at a time, newest first by default, with the total; Archived holds only archived ones', async () => {
    const all = (await list({ skip: 0, rowsPerPage: 25, filter: 'All' })).body;
    expect(all.business.map((b) => b.displayName)).toContain('Old Market');
    expect(all.totalBusinesses).toBe(all.business.length);
    const dates = all.business.map((b) => b.createdOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = (await list({ skip: 0, rowsPerPage: 25, filter: 'All' }, owner, 'asc')).body.business.map(
      (b) => b.createdOn,
    );
    expect(asc).toEqual([...dates].reverse());
    const archived = (await list({ skip: 0, rowsPerPage: 25, filter: 'Archived' })).body;
    expect(archived.business.map((b) => b.displayName)).toEqual(['Old Market']);
    expect(archived.business[0]).toMatchObject({
      businessArchived: true,
      email: `${ARCHIVE_MARKER}oldmarket@client.example`,
    });
    const page2 = (await list({ skip: 2, rowsPerPage: 2, filter: 'All' })).body;
    expect(page2.business.map((b) => b.id)).toEqual(all.business.slice(2, 4).map((b) => b.id));
    expect(page2.newSkip).toBe(4);
  });

  it('counts come from the same filters as the rows', async () => {
    const c = await counts();
    expect(c.allCount).toBe((await list({ filter: 'All' })).body.totalBusinesses);
    expect(c.archivedCount).toBe(1);
  });

  it('filters by a Created At range (a date-only end covers its day) and never answers a bad date with 500', async () => {
    const day = (n: number) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
    const recent = (await list({ filter: 'All', fromDate: day(13), toDate: day(0) })).body.business.map(
      (b) => b.displayName,
    );
    expect(recent).toContain('Orchid Salon');
    expect(recent).not.toContain('Sunrise Bakery');
    expect((await list({ filter: 'All', fromDate: 'not a date' })).status).toBe(400);
  });

  it('searches by a part of the name (clientSearch), wildcards taken literally', async () => {
    const found = (await list({ filter: 'bakery', clientSearch: true, skip: 0, rowsPerPage: 0 })).body.business.map(
      (b) => b.displayName,
    );
    expect(found).toEqual(['Sunrise Bakery']);
    expect((await list({ filter: '%', clientSearch: true, skip: 0, rowsPerPage: 0 })).body.business).toEqual([]);
  });

  it('a referral user sees only the businesses they brought, whatever partnerReferralId says', async () => {
    for (const url of ['/api/partner-referral-business-lists', '/api/business-lists']) {
      const res = await call<BusinessListsResponse>(t.app, 'POST', url, {
        token: referral,
        body: { filter: 'All', partnerReferralId: 'someone-else' },
      });
      expect(
        res.body.business.map((b) => b.displayName),
        url,
      ).toEqual(['Lotus Tutors']);
    }
    const all = await call<AllBusinessListsResponse>(
      t.app,
      'GET',
      '/api/partner-referral-allbusiness-lists?partnerReferralId=x',
      { token: referral },
    );
    expect(all.body.business.map((b) => b.displayName)).toEqual(['Lotus Tutors']);
  });

  it('allbusiness-lists gives the active businesses by name', async () => {
    const names = (
      await call<AllBusinessListsResponse>(t.app, 'GET', '/api/allbusiness-lists', { token: owner })
    ).body.business.map((b) => b.displayName);
    expect(names).not.toContain('Old Market');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('creating a business', () => {
  it('creates the business and its first project of the same name on the chosen plans; both are listed at once', async () => {
    const before = await counts();
    const body = withPlans({
      gstNumber: '29ABCDE1234F1Z5',
      billingAddress: { country: 'IN', state: 'Karnataka', street: '1 MG Road', city: 'Bengaluru', zip: '560001' },
      checked: true,
      currency: 'USD',
    });
    const res = await createFull(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Business Created Succesfully');
    expect(res.body.business).toMatchObject({
      display_name: body.display_name,
      currency: 'INR',
      timezone: 'Asia/Calcutta GMT+05:30',
      password: false,
    });
    expect(res.body.project).toMatchObject({
      assistantName: body.display_name,
      activePlan: 'BASIC_MONTHLY',
      clientId: res.body.business.id,
    });
    expect((await counts()).allCount).toBe(before.allCount + 1);
    expect((await list({ filter: 'All' })).body.business[0]!.id).toBe(res.body.business.id);
    const projects = await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
      token: owner,
      body: { name: '', clientId: res.body.business.id },
    });
    expect(projects.body.projects.map((p) => p.assistantName)).toEqual([body.display_name]);
    // One entry in the activity log: the business with its first project, its plan and its free WCC credit.
    expect(await lastEntry(res.body.business.id)).toMatchObject({
      action: 'business.create',
      memberName: 'Olivia Owner',
      before: null,
      after: {
        displayName: body.display_name,
        gstNumber: '29ABCDE1234F1Z5',
        project: { id: res.body.project._id, activePlan: 'BASIC_MONTHLY', freeWccCredit: expect.any(Number) },
      },
    });
  });

  it('refuses a second business with the same email (409) and creates nothing', async () => {
    const body = withPlans();
    expect((await createFull(body)).status).toBe(200);
    const again = await createFull({ ...withPlans(), email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: businessTexts.emailTaken });
  });

  it('needs a plan family and plan of the partner; a foreign or unknown plan id is 404 and creates nothing', async () => {
    const before = await counts();
    expect((await createFull(withPlans({ newFamilyId: null }))).status).toBe(400);
    expect((await createFull(withPlans({ newPlanId: 'GOLD' }))).status).toBe(400);
    const adsFamily = (
      await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: ads })
    ).body.planFamily[0]!;
    expect((await createFull(withPlans({ newFamilyId: adsFamily._id }))).status).toBe(404);
    expect((await createFull(withPlans({ wccPlan: 'unknown' }))).status).toBe(404);
    expect((await counts()).allCount).toBe(before.allCount);
  });

  it('DIRECT partners skip plans but need a password of the rule', async () => {
    const weak = await createFull(details({ password: 'short1' }), direct);
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ message: 'Minimum eight characters, at least one letter, one number' });
    const ok = await createFull(details({ password: 'Abcdefg1' }), direct);
    expect(ok.status).toBe(200);
    expect(ok.body.business.password).toBe(true);
    expect(ok.body.project.activePlan).toBe('NONE');
  });

  it('ADS_WHITELABEL partners and referral users cannot create: 403 with the tooltip text', async () => {
    const res = await createFull(details(), ads);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: 'This feature is available only for businesses using WhatsApp Business API services.',
    });
    expect(
      (await call(t.app, 'POST', '/partner/:partnerId/business/', { token: referral, body: details() })).status,
    ).toBe(403);
  });

  it('the simplified form (partner flag) needs only display name, email and contact; others need company, size and industry', async () => {
    const minimal = { email: `min${seq++}@biz.example`, display_name: 'Minimal Co', contact: '919812345678' };
    expect((await call(t.app, 'POST', '/partner/:partnerId/business/', { token: owner, body: minimal })).status).toBe(
      200,
    );
    const res = await call(t.app, 'POST', '/partner/:partnerId/business/', {
      token: direct,
      body: { ...minimal, email: 'min@direct.example', password: 'Abcdefg1' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { company: expect.any(String), companySize: expect.any(String), industry: expect.any(String) },
    });
  });

  it('a read-only member cannot create (403)', async () => {
    expect((await createFull(withPlans(), viewer)).status).toBe(403);
    expect((await createFull(withPlans(), manager)).status).toBe(200);
  });
});

describe('a business', () => {
  let created: CreateBusinessWithProjectResponse;
  beforeAll(async () => {
    created = (await createFull(withPlans())).body;
  });
  const url = () => `/partner/:partnerId/business/${created.business.id}`;

  it('is read by id; a foreign or unknown id is 404', async () => {
    const res = await call<Business>(t.app, 'GET', url(), { token: owner });
    expect(res.body).toMatchObject({ display_name: created.business.display_name, password: false });
    expect((await call(t.app, 'GET', url(), { token: direct })).status).toBe(404);
    expect((await call(t.app, 'GET', '/partner/:partnerId/business/nope', { token: owner })).status).toBe(404);
  });

  it('is renamed (display name); the company name only with the company-name edit flag', async () => {
    const res = await call(t.app, 'PATCH', url(), { token: owner, body: { display_name: '  Renamed Co ' } });
    expect(res.body).toMatchObject({ message: 'Business updated successfully', display_name: 'Renamed Co' });
    expect((await call(t.app, 'PATCH', url(), { token: owner, body: { company: 'New Company' } })).status).toBe(200);
    expect((await call(t.app, 'PATCH', url(), { token: owner, body: { display_name: '   ' } })).status).toBe(400);
  });

  it('takes a second project on a plan; the name search finds it', async () => {
    const res = await call(t.app, 'POST', `${url()}/project`, {
      token: owner,
      body: { name: 'Second Project', planFamilyId: family._id, planName: 'PRO_MONTHLY', wccId: wcc._id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Successfully created',
      project: { assistantName: 'Second Project', activePlan: 'PRO_MONTHLY' },
    });
    const found = await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
      token: owner,
      body: { name: 'second', clientId: created.business.id },
    });
    expect(found.body.projects.map((p) => p.assistantName)).toEqual(['Second Project']);
    expect(
      (
        await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
          token: owner,
          body: { name: '', clientId: created.business.id },
        })
      ).body.totalprojects,
    ).toBe(2);
  });

  it('is deleted by archiving: email marked, projects partnerArchived, nothing lost; it cannot be opened afterwards', async () => {
    const res = await call(t.app, 'POST', `/api/delete-business/${created.business.id}`, { token: owner });
    expect(res.status).toBe(200);
    const archived = (await list({ filter: 'Archived' })).body.business.find((b) => b.id === created.business.id)!;
    expect(archived).toMatchObject({ businessArchived: true, email: `${ARCHIVE_MARKER}${created.business.email}` });
    expect((await call(t.app, 'GET', url(), { token: owner })).status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `${url()}/project`, {
          token: owner,
          body: { name: 'Late', planFamilyId: family._id, planName: 'PRO_MONTHLY' },
        })
      ).status,
    ).toBe(400);
    // The email is free again for a new business.
    expect((await createFull(withPlans({ email: created.business.email }))).status).toBe(200);
    // Deleting twice changes nothing more.
    expect((await call(t.app, 'POST', `/api/delete-business/${created.business.id}`, { token: owner })).status).toBe(
      200,
    );
    expect((await list({ filter: 'Archived' })).body.business.find((b) => b.id === created.business.id)!.email).toBe(
      `${ARCHIVE_MARKER}${created.business.email}`,
    );
  });

  it('ADS_WHITELABEL partners cannot delete', async () => {
    const adsBusiness = (await list({ filter: 'All' }, ads)).body.business[0]!;
    expect((await call(t.app, 'POST', `/api/delete-business/${adsBusiness.id}`, { token: ads })).status).toBe(403);
  });
});

describe('business password', () => {
  it('DIRECT sets it directly with the rule and the messages', async () => {
    const business = (await list({ filter: 'All' }, direct)).body.business.find(
      (b) => b.displayName === 'Bloom Florist',
    )!;
    const reset = (password: string, confirmPassword: string) =>
      call(t.app, 'POST', '/api/reset-business-password', {
        token: direct,
        body: { clientId: business.id, password, confirmPassword },
      });
    expect((await reset('', '')).body).toMatchObject({ message: 'Please enter password' });
    expect((await reset('Abcdefg1', 'Abcdefg2')).body).toMatchObject({ message: 'Your passwords donot match' });
    expect((await reset('abcdefgh', 'abcdefgh')).body).toMatchObject({
      message: 'Minimum eight characters, at least one letter, one number',
    });
    const ok = await reset('Abcdefg1', 'Abcdefg1');
    expect(ok.body).toMatchObject({ message: 'Password updated successfully' });
    // The activity log says it changed, never what it is (nor its hash).
    const entry = (await lastEntry(business.id))!;
    expect(entry).toMatchObject({
      action: 'business.password-reset',
      targetName: 'Bloom Florist',
      before: { secret: 'none' },
      after: { secret: 'rotated' },
    });
    expect(JSON.stringify(entry)).not.toMatch(/Abcdefg1|argon/);
    expect(
      (await call<Business>(t.app, 'GET', `/partner/:partnerId/business/${business.id}`, { token: direct })).body
        .password,
    ).toBe(true);
  });

  it('others get the setup mail; its link sets the business password', async () => {
    const business = (await list({ filter: 'All' })).body.business.find((b) => b.displayName === 'Metro Clinics')!;
    expect(business.password).toBe(false);
    expect(
      (
        await call(t.app, 'POST', '/api/reset-business-password', {
          token: owner,
          body: { clientId: business.id, password: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
        })
      ).status,
    ).toBe(403);
    const res = await call(t.app, 'POST', '/auth/send-password-reset-email', { body: { email: business.email } });
    expect(res.status).toBe(200);
    const mail = t.outbox.sent.at(-1)!;
    expect(mail.to).toBe(business.email);
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    expect(
      (await call(t.app, 'POST', '/auth/set-new-password', { body: { token, newPassword: 'Business@123' } })).status,
    ).toBe(200);
    expect(
      (await call<Business>(t.app, 'GET', `/partner/:partnerId/business/${business.id}`, { token: owner })).body
        .password,
    ).toBe(true);
  });
});
