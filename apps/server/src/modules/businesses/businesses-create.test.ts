import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTexts, type BusinessProjectsResponse, type PlanFamily } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { businessesFixture, type BusinessesFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let manager: string;
let direct: string;
let ads: string;
let referral: string;
let details: BusinessesFixture['details'];
let withPlans: BusinessesFixture['withPlans'];
let list: BusinessesFixture['list'];
let counts: BusinessesFixture['counts'];
let createFull: BusinessesFixture['createFull'];
let lastEntry: BusinessesFixture['lastEntry'];
/** Numbers the minimal form's emails, apart from the full form's `client<n>` ones. */
let seq = 0;
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, viewer, manager, direct, ads, referral, details, withPlans, list, counts, createFull, lastEntry } =
    await businessesFixture(t));
});
afterAll(() => t.close());

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

  it("keeps any IANA time zone the wizard offers (Nepal's +05:45); an unknown one is a 400 and creates nothing", async () => {
    const nepal = await createFull(withPlans({ timezone: 'Asia/Katmandu GMT+05:45' }));
    expect(nepal.status).toBe(200);
    expect(nepal.body.business).toMatchObject({ timezone: 'Asia/Katmandu GMT+05:45' });
    const before = await counts();
    const unknown = await createFull(withPlans({ timezone: 'Mars/Olympus GMT+01:00' }));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(businessTexts.invalidTimezone);
    expect((await counts()).allCount).toBe(before.allCount);
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
