import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTexts,
  pricingTexts,
  WCC_PRICING_PLACEHOLDER,
  type PaymentsPlanAnswer,
  type PlanFamiliesResponse,
  type PlanFamilyAnswer,
  type ProviderPaymentsResponse,
  type ProviderPlanPricingResponse,
  type ProviderWccPricingResponse,
  type WccFamilyAnswer,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog } from '../../platform/db/schema.js';
import { makeAgent, makePartner } from '../../seed/factories.js';

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const U = 100000;
const get = <T>(url: string, token = owner) => call<T>(t.app, 'GET', url, { token });
const send = <T = { message: string }>(method: 'POST' | 'PATCH', url: string, body: unknown, token = owner) =>
  call<T>(t.app, method, url, { token, body });
const provider = async () => ({
  plans: (await get<ProviderPlanPricingResponse>('/api/get-aisensy-plan-family-pricing/:projectId')).body.plans.plans,
  wcc: (await get<ProviderWccPricingResponse>(`/api/get-aisensy-wcc-pricing/${WCC_PRICING_PLACEHOLDER}`)).body
    .aisensyWccPlan,
  slabs: (await get<ProviderPaymentsResponse>('/api/aisensy-whatsapp-payments-plans')).body
    .aisensyWhatsappPaymentsSlabs,
});
type Families = PlanFamiliesResponse;
/** A family's entries in the partner's activity log, oldest first. */
const activityOf = async (familyId: string, action: string) =>
  (
    await t.database.db
      .select()
      .from(partnerAuditLog)
      .where(and(eq(partnerAuditLog.targetId, familyId), eq(partnerAuditLog.action, action)))
  ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

describe("the provider's catalogue", () => {
  it('prices every plan, at least 20 markets and the rest of the world, and the payment slabs', async () => {
    const { plans, wcc, slabs } = await provider();
    expect(plans.BASIC_MONTHLY).toEqual({ INR: 999 * U, USD: 12 * U });
    expect(plans.FREE_FOREVER).toEqual({ INR: 0, USD: 0 });
    const markets = Object.keys(wcc.marketing);
    expect(markets).toContain('default');
    expect(markets.filter((c) => c !== 'default').length).toBeGreaterThanOrEqual(20);
    // India is on Meta's rupee card; the others are its dollar prices.
    expect(wcc.marketing.IN).toEqual({ INR: 78460, USD: 1070 });
    expect(wcc.utility.US).toEqual({ INR: 33600, USD: 400 });
    for (const field of ['business_initiated', 'user_initiated', 'service', 'authentication', 'utility'] as const)
      expect(Object.keys(wcc[field]).sort()).toEqual(markets.sort());
    expect(slabs).toEqual([
      { startAmount: 0, INR: { fee: 150000 } },
      { startAmount: 10000000000, INR: { fee: 100000 } },
    ]);
  });

  it("answers a project id of the partner's, not another partner's or an unknown one", async () => {
    const direct = await signInAs(t.app, 'direct');
    const { projects } = (
      await call<{ projects: { _id: string }[] }>(t.app, 'POST', '/api/project-lists?sort=dec', {
        token: owner,
        body: {},
      })
    ).body;
    const acmeProject = projects[0]!._id;
    expect((await get(`/api/get-aisensy-plan-family-pricing/${acmeProject}`)).status).toBe(200);
    expect((await get(`/api/get-aisensy-plan-family-pricing/${acmeProject}`, direct)).status).toBe(404);
    expect((await get('/api/get-aisensy-plan-family-pricing/no-such-project')).status).toBe(404);
  });
});

describe('subscription plan families', () => {
  const create = (body: Record<string, unknown>, token = owner) =>
    send<PlanFamilyAnswer>('POST', '/api/create-partner-plan-family', body, token);
  const basic = { BASIC_MONTHLY: { INR: 1299 * U, USD: 15 * U }, PRO_MONTHLY: { INR: 2399 * U, USD: 29 * U } };

  it('creates a family priced at or over the provider and lists it', async () => {
    const res = await create({ name: 'Growth Plans', plans: basic, defaultPlan: 'BASIC_MONTHLY', planType: null });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(pricingTexts.created);
    expect(res.body.planFamily).toMatchObject({ name: 'Growth Plans', plans: basic, defaultPlan: 'BASIC_MONTHLY' });
    const listed = (await get<Families>('/api/get-partner-plan-families')).body.planFamily;
    expect(listed.map((f) => f.name)).toContain('Growth Plans');
  });

  it('refuses a price under the provider, an unpriced default plan and a plan the provider does not sell', async () => {
    const under = await create({
      name: 'Cheap',
      plans: { BASIC_MONTHLY: { INR: 998 * U, USD: 15 * U } },
      defaultPlan: 'BASIC_MONTHLY',
    });
    expect(under.status).toBe(400);
    expect(under.body.message).toBe(pricingTexts.belowProvider('Basic Monthly (INR)'));
    const noDefault = await create({ name: 'No default', plans: basic, defaultPlan: 'PRO_YEARLY' });
    expect(noDefault.status).toBe(400);
    expect(noDefault.body.message).toBe(pricingTexts.defaultPlanNotPriced);
    expect((await create({ name: 'Bad', plans: { GOLD: { INR: 1, USD: 1 } }, defaultPlan: 'GOLD' })).status).toBe(400);
    expect((await create({ name: '  ', plans: basic, defaultPlan: 'BASIC_MONTHLY' })).status).toBe(400);
    const names = (await get<Families>('/api/get-partner-plan-families')).body.planFamily.map((f) => f.name);
    expect(names).not.toContain('Cheap');
  });

  it('refuses a second family of the same name, whatever its case (409)', async () => {
    await create({ name: 'Unique Plans', plans: basic, defaultPlan: 'BASIC_MONTHLY' });
    const again = await create({ name: 'unique plans', plans: basic, defaultPlan: 'BASIC_MONTHLY' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(pricingTexts.nameTaken('unique plans'));
  });

  it('updates prices, never under the provider and never removing a plan', async () => {
    const { planFamily } = (await create({ name: 'Editable', plans: basic, defaultPlan: 'BASIC_MONTHLY' })).body;
    const raised = { ...basic, BASIC_MONTHLY: { INR: 1499 * U, USD: 18 * U } };
    const res = await send<PlanFamilyAnswer>('PATCH', '/api/update-partner-plan-families', {
      planId: planFamily._id,
      plans: raised,
    });
    expect(res.status).toBe(200);
    expect(res.body.planFamily.plans).toEqual(raised);
    const removed = await send('PATCH', '/api/update-partner-plan-families', {
      planId: planFamily._id,
      plans: { BASIC_MONTHLY: raised.BASIC_MONTHLY },
    });
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe(pricingTexts.planCannotBeRemoved);
    const under = await send('PATCH', '/api/update-partner-plan-families', {
      planId: planFamily._id,
      plans: { ...raised, PRO_MONTHLY: { INR: 0, USD: 0 } },
    });
    expect(under.status).toBe(400);
    expect((await send('PATCH', '/api/update-partner-plan-families', { planId: 'nope', plans: basic })).status).toBe(
      404,
    );
  });

  it("logs the plans whose prices changed, as they were and became, in the ledger's units; a refusal logs nothing", async () => {
    const { planFamily } = (await create({ name: 'Logged Plans', plans: basic, defaultPlan: 'BASIC_MONTHLY' })).body;
    const raised = { ...basic, PRO_MONTHLY: { INR: 2499 * U, USD: 30 * U } };
    expect(
      (await send('PATCH', '/api/update-partner-plan-families', { planId: planFamily._id, plans: raised })).status,
    ).toBe(200);
    const refused = { ...raised, PRO_MONTHLY: { INR: 0, USD: 0 } };
    expect(
      (await send('PATCH', '/api/update-partner-plan-families', { planId: planFamily._id, plans: refused })).status,
    ).toBe(400);
    const entries = await activityOf(planFamily._id, 'plan-family.update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetKind: 'plan',
      targetName: 'Logged Plans',
      before: { PRO_MONTHLY: { INR: 2399 * U, USD: 29 * U } },
      after: { PRO_MONTHLY: { INR: 2499 * U, USD: 30 * U } },
    });
    expect(Object.keys(entries[0]!.after!)).toEqual(['PRO_MONTHLY']);
  });

  it('is refused to a read-only agent, a DIRECT partner and an ADS_WHITELABEL partner', async () => {
    const body = { name: 'Not allowed', plans: basic, defaultPlan: 'BASIC_MONTHLY' };
    expect((await create(body, await signInAs(t.app, 'agent'))).status).toBe(403);
    const direct = await create(body, await signInAs(t.app, 'direct'));
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe(pricingTexts.directHasNoPlanDetails);
    const ads = await create(body, await signInAs(t.app, 'ads'));
    expect(ads.status).toBe(403);
    expect(ads.body.message).toBe(businessTexts.adsCannotCreate);
  });
});

describe('WCC families', () => {
  const margin = (inr: number, usd = 0) => ({ inrMargin: Math.round(inr * U), usdMargin: Math.round(usd * U) });
  const empty = {
    business_initiated: {},
    user_initiated: {},
    service: {},
    authentication: {},
    marketing: {},
    utility: {},
  };

  it("prices every market at the provider's price plus the margin sent (0 for what is not sent)", async () => {
    const res = await send<WccFamilyAnswer>('POST', '/api/create-partner-wcc-plan', {
      ...empty,
      name: 'India Plus',
      // A provider price sent by the browser is not the server's to take.
      marketing: { IN: { INR: 1, USD: 1, ...margin(0.2, 0.003) } },
    });
    expect(res.status).toBe(200);
    const family = res.body.partnerWccPlan;
    expect(family.marketing.IN).toEqual({ INR: 78460, USD: 1070, inrMargin: 20000, usdMargin: 300 });
    expect(family.utility.IN).toEqual({ INR: 11500, USD: 140, inrMargin: 0, usdMargin: 0 });
    expect(Object.keys(family.marketing).length).toBeGreaterThan(20);
  });

  it('refuses a negative margin and a country the provider does not price, changing nothing', async () => {
    const negative = await send('POST', '/api/create-partner-wcc-plan', {
      ...empty,
      name: 'Negative',
      marketing: { IN: { inrMargin: -1, usdMargin: 0 } },
    });
    expect(negative.status).toBe(400);
    const unknown = await send('POST', '/api/create-partner-wcc-plan', {
      ...empty,
      name: 'Atlantis',
      marketing: { XX: margin(1) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(pricingTexts.unknownCountry('XX'));
    const names = (await get<{ wccPlan: { name: string }[] }>('/api/get-partner-wcc-plans')).body.wccPlan.map(
      (f) => f.name,
    );
    expect(names).not.toContain('Negative');
    expect(names).not.toContain('Atlantis');
  });

  it('updates the charge types sent and keeps the others', async () => {
    const created = (
      await send<WccFamilyAnswer>('POST', '/api/create-partner-wcc-plan', {
        ...empty,
        name: 'Editable WCC',
        marketing: { IN: margin(0.1) },
        utility: { IN: margin(0.05) },
      })
    ).body.partnerWccPlan;
    const res = await send<WccFamilyAnswer>('PATCH', '/api/update-partner-wcc-families', {
      wccPlanId: created._id,
      mc: { IN: margin(0.3), US: margin(0, 0.01) },
    });
    expect(res.status).toBe(200);
    expect(res.body.partnerWccPlan.marketing.IN!.inrMargin).toBe(30000);
    expect(res.body.partnerWccPlan.marketing.US!.usdMargin).toBe(1000);
    expect(res.body.partnerWccPlan.utility.IN!.inrMargin).toBe(5000);
    // The log holds only the markets and charges that changed, provider price and margin as stored.
    const [entry] = await activityOf(created._id, 'wcc-family.update');
    expect(entry).toMatchObject({
      before: {
        IN: { mc: { INR: 78460, USD: 1070, inrMargin: 10000, usdMargin: 0 } },
        US: { mc: { usdMargin: 0 } },
      },
      after: {
        IN: { mc: { INR: 78460, USD: 1070, inrMargin: 30000, usdMargin: 0 } },
        US: { mc: { usdMargin: 1000 } },
      },
    });
    expect(Object.keys(entry!.after!).sort()).toEqual(['IN', 'US']);
    expect(Object.keys(entry!.after!.IN as object)).toEqual(['mc']);
    expect(
      (await send('PATCH', '/api/update-partner-wcc-families', { wccPlanId: created._id, mc: { IN: margin(-1) } }))
        .status,
    ).toBe(400);
  });
});

describe('WhatsApp Payments plan families', () => {
  it("create and update with the provider's slabs, each fee at least the provider's", async () => {
    const slabs = [
      { startAmount: 0, INR: { fee: 180000 } },
      { startAmount: 10000000000, INR: { fee: 120000 } },
    ];
    const res = await send<PaymentsPlanAnswer>('POST', '/api/whatsapp-payments-plans', { name: 'Pay Plus', slabs });
    expect(res.status).toBe(200);
    expect(res.body.whatsappPaymentsPlan.slabs).toEqual(slabs);
    const id = res.body.whatsappPaymentsPlan._id;
    const under = await send('PATCH', `/api/whatsapp-payments-plans/${id}`, {
      slabs: [slabs[0], { startAmount: 10000000000, INR: { fee: 99999 } }],
    });
    expect(under.status).toBe(400);
    const otherSlabs = await send('PATCH', `/api/whatsapp-payments-plans/${id}`, { slabs: [slabs[0]] });
    expect(otherSlabs.status).toBe(400);
    expect(otherSlabs.body.message).toBe(pricingTexts.slabsMustMatch);
    const raised = [slabs[0], { startAmount: 10000000000, INR: { fee: 130000 } }];
    const updated = await send<PaymentsPlanAnswer>('PATCH', `/api/whatsapp-payments-plans/${id}`, { slabs: raised });
    expect(updated.body.whatsappPaymentsPlan.slabs).toEqual(raised);
  });
});

const acmeId = async () =>
  (await call<{ data: { id: string } }>(t.app, 'POST', '/api/get-profile', { token: owner, body: {} })).body.data.id;

describe('another partner', () => {
  it("finds none of Acme's families and changes nothing", async () => {
    const partner = await makePartner(t.database.db, { name: 'Rival Messaging' });
    await makeAgent(t.database.db, { partnerId: partner.id, userName: 'rival-owner', password: 'Rival@123' });
    const rival = await signIn(t.app, 'rival-owner', 'Rival@123');
    const before = (await get<Families>('/api/get-partner-plan-families')).body.planFamily;
    const family = before[0]!;
    expect((await get<Families>('/api/get-partner-plan-families', rival)).body.planFamily).toEqual([]);
    const res = await send(
      'PATCH',
      '/api/update-partner-plan-families',
      { planId: family._id, plans: family.plans },
      rival,
    );
    expect(res.status).toBe(404);
    const foreignBody = await send(
      'POST',
      '/api/create-partner-plan-family',
      { name: 'X', plans: family.plans, defaultPlan: family.defaultPlan, partnerId: await acmeId() },
      rival,
    );
    expect(foreignBody.status).toBe(404);
    expect((await get<Families>('/api/get-partner-plan-families')).body.planFamily).toEqual(before);
  });
});
