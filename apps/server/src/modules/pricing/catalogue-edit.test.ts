import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  WCC_PRICING_PLACEHOLDER,
  addonPlanTexts,
  catalogueTexts,
  type Addon,
  type PaymentsPlanAnswer,
  type PlanFamilyAnswer,
  type ProviderCatalogue,
  type ProviderWccPricingResponse,
  type UpdateCatalogueAnswer,
  type WccFamilyAnswer,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { billingLogs, partners } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';

const KEY = 'test-platform-key-0123456789';
const U = 100000;
let t: TestContext;
let owner: string;
let agent: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
  [owner, agent, admin] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'admin'),
  ]);
});
afterAll(() => t.close());

const send = <T>(method: 'POST' | 'PATCH', url: string, body: unknown, token = owner) =>
  call<T & { message: string }>(t.app, method, url, { token, body });
const editCatalogue = (body: unknown, token = admin) =>
  send<UpdateCatalogueAnswer>('PATCH', '/superadmin/catalogue', body, token);
const readCatalogue = (token = admin) => call<ProviderCatalogue>(t.app, 'GET', '/superadmin/catalogue', { token });
const noMargins = {
  business_initiated: {},
  user_initiated: {},
  service: {},
  authentication: {},
  marketing: {},
  utility: {},
};

const price = (inr: number, usd: number) => ({ INR: inr * U, USD: usd * U });
const periods = (monthly: [number, number], yearly: [number, number]) => ({
  Monthly: price(...monthly),
  Yearly: price(...yearly),
});

// First: the later tests change the catalogue.
describe('GET /superadmin/catalogue', () => {
  it('answers the whole provider catalogue, as the partners’ catalogue calls read it', async () => {
    const res = await readCatalogue();
    expect(res.status).toBe(200);
    const catalogue = res.body;
    expect(catalogue.plans.BASIC_MONTHLY).toEqual(price(999, 12));
    expect(catalogue.plans.FREE_FOREVER).toEqual(price(0, 0));
    expect(catalogue.wcc.IN!.mc).toEqual({ INR: 78460, USD: 1070 });
    expect(Object.keys(catalogue.wcc.default!).sort()).toEqual(['ac', 'bic', 'mc', 'sc', 'uc', 'uic']);
    expect(catalogue.slabFees).toEqual([
      { startAmount: 0, fee: 150000 },
      { startAmount: 10000000000, fee: 100000 },
    ]);
    expect(catalogue.addons.FLOW_BUILDER).toEqual({
      Tier1: periods([399, 5], [3990, 50]),
      Tier2: periods([699, 9], [6990, 90]),
    });
    expect(catalogue.addons.WEBHOOKS).toEqual(periods([249, 3], [2490, 30]));
    const provider = (
      await call<ProviderWccPricingResponse>(t.app, 'GET', `/api/get-aisensy-wcc-pricing/${WCC_PRICING_PLACEHOLDER}`, {
        token: owner,
      })
    ).body.aisensyWccPlan;
    for (const [country, charge] of Object.entries(provider.utility))
      expect(catalogue.wcc[country]!.uc).toEqual(charge);
  });

  it('is the super-admin’s alone', async () => {
    for (const token of [owner, agent]) {
      const res = await readCatalogue(token);
      expect(res.status).toBe(403);
      expect(res.body).not.toHaveProperty('plans');
    }
    expect((await call(t.app, 'GET', '/superadmin/catalogue')).status).toBe(401);
  });
});

describe('PATCH /superadmin/catalogue', () => {
  it('moves every plan family with a new provider price and keeps its margin', async () => {
    const { planFamily } = (
      await send<PlanFamilyAnswer>('POST', '/api/create-partner-plan-family', {
        name: 'Margin Kept',
        plans: { BASIC_MONTHLY: { INR: 1299 * U, USD: 15 * U } },
        defaultPlan: 'BASIC_MONTHLY',
      })
    ).body;
    // Provider Basic Monthly 999 -> 1099 and 12 -> 13: the family's 300 and 3 of margin stay.
    const res = await editCatalogue({ plans: { BASIC_MONTHLY: { INR: 1099 * U, USD: 13 * U } } });
    expect(res.status).toBe(200);
    expect(res.body.repriced.plan).toBeGreaterThan(0);
    const families = (
      await call<{ planFamily: { _id: string; plans: Record<string, unknown> }[] }>(
        t.app,
        'GET',
        '/api/get-partner-plan-families',
        { token: owner },
      )
    ).body.planFamily;
    expect(families.find((f) => f._id === planFamily._id)!.plans.BASIC_MONTHLY).toEqual({ INR: 1399 * U, USD: 16 * U });
  });

  it('moves every WCC family to the new provider price, margin kept, and prices a new market at margin 0', async () => {
    const { partnerWccPlan } = (
      await send<WccFamilyAnswer>('POST', '/api/create-partner-wcc-plan', {
        ...noMargins,
        name: 'Moves With Meta',
        marketing: { IN: { inrMargin: 20000, usdMargin: 300 } },
      })
    ).body;
    expect(partnerWccPlan.marketing.IN).toEqual({ INR: 78460, USD: 1070, inrMargin: 20000, usdMargin: 300 });
    const res = await editCatalogue({
      wcc: { IN: { mc: { INR: 80000, USD: 1100 } }, PH: { mc: { INR: 900, USD: 11 } } },
    });
    expect(res.status).toBe(200);
    const provider = (
      await call<ProviderWccPricingResponse>(t.app, 'GET', `/api/get-aisensy-wcc-pricing/${WCC_PRICING_PLACEHOLDER}`, {
        token: owner,
      })
    ).body.aisensyWccPlan;
    expect(provider.marketing.PH).toEqual({ INR: 900, USD: 11 });
    const family = (
      await call<{ wccPlan: WccFamilyAnswer['partnerWccPlan'][] }>(t.app, 'GET', '/api/get-partner-wcc-plans', {
        token: owner,
      })
    ).body.wccPlan.find((f) => f._id === partnerWccPlan._id)!;
    expect(family.marketing.IN).toEqual({ INR: 80000, USD: 1100, inrMargin: 20000, usdMargin: 300 });
    expect(family.marketing.PH).toEqual({ INR: 900, USD: 11, inrMargin: 0, usdMargin: 0 });
  });

  it('moves payment slab fees and refuses a slab the provider does not have, changing nothing', async () => {
    const slabs = [
      { startAmount: 0, INR: { fee: 180000 } },
      { startAmount: 10000000000, INR: { fee: 120000 } },
    ];
    const { whatsappPaymentsPlan } = (
      await send<PaymentsPlanAnswer>('POST', '/api/whatsapp-payments-plans', { name: 'Fees Move', slabs })
    ).body;
    expect((await editCatalogue({ slabFees: [{ startAmount: 1, fee: 1 }] })).status).toBe(400);
    expect((await editCatalogue({ slabFees: [{ startAmount: 0, fee: 160000 }] })).status).toBe(200);
    const plans = (
      await call<{ whatsappPaymentsPlans: PaymentsPlanAnswer['whatsappPaymentsPlan'][] }>(
        t.app,
        'GET',
        '/api/whatsapp-payments-plans',
        { token: owner },
      )
    ).body.whatsappPaymentsPlans;
    expect(plans.find((p) => p._id === whatsappPaymentsPlan._id)!.slabs).toEqual([
      { startAmount: 0, INR: { fee: 190000 } },
      slabs[1],
    ]);
  });

  it('is the super-admin’s alone, and an empty change is a 400', async () => {
    expect((await editCatalogue({ plans: { BASIC_MONTHLY: { INR: 1, USD: 1 } } }, owner)).status).toBe(403);
    expect((await editCatalogue({ addons: { WEBHOOKS: periods([1, 1], [1, 1]) } }, agent)).status).toBe(403);
    expect((await editCatalogue({})).status).toBe(400);
  });
});

describe('PATCH /superadmin/catalogue with add-on plans', () => {
  const partnerNamed = async (name: string) =>
    (await t.deps.db.select().from(partners).where(eq(partners.name, name)))[0]!;
  const setAddons = (id: string, addons: Record<string, Addon>) =>
    t.deps.db.update(partners).set({ addons }).where(eq(partners.id, id));
  const allAddons = async () =>
    (await t.deps.db.select({ id: partners.id, addons: partners.addons }).from(partners).orderBy(asc(partners.id))).map(
      (p) => [p.id, p.addons] as const,
    );
  const flowPlans = { Tier1: periods([399, 5], [3990, 50]), Tier2: periods([699, 9], [6990, 90]) };

  it('moves every partner’s add-on prices with the provider’s, keeping each margin, never below the provider', async () => {
    const [acme, direct, ads] = await Promise.all(
      ['Acme Messaging', 'Direct Retail', 'AdsWorks'].map((name) => partnerNamed(name)),
    );
    // Acme: its own flow builder plans (₹100 / $1 over each provider price) and webhooks priced
    // only by its headline (₹100 / $2 over the provider's 249 / 3, no plans saved).
    await setAddons(acme!.id, {
      FLOW_BUILDER: {
        name: 'FLOW_BUILDER',
        status: 'ACTIVE',
        price: price(499, 6),
        partnerPlans: { Tier1: periods([499, 6], [4990, 60]), Tier2: periods([799, 10], [7990, 100]) },
      },
      WEBHOOKS: { name: 'WEBHOOKS', status: 'ACTIVE', price: price(349, 5) },
    });
    // Direct Retail: a Tier2 Monthly price saved under the provider's (an old price): it rises to the provider's.
    await setAddons(direct!.id, {
      FLOW_BUILDER: {
        name: 'FLOW_BUILDER',
        status: 'ACTIVE',
        price: price(399, 5),
        partnerPlans: { Tier1: periods([399, 5], [3990, 50]), Tier2: periods([600, 9], [6990, 90]) },
      },
    });
    // AdsWorks offers neither: untouched.
    await setAddons(ads!.id, {
      WHATSAPP_PAY: { name: 'WHATSAPP_PAY', status: 'ACTIVE', price: price(999, 12) },
    });
    const adsBefore = (await partnerNamed('AdsWorks')).addons;
    expect(flowPlans).toEqual((await readCatalogue()).body.addons.FLOW_BUILDER);

    const res = await editCatalogue({
      addons: {
        // Up ₹50 / $1 a month and ₹500 / $10 a year, Tier2's year down ₹1,000 / $10.
        FLOW_BUILDER: { Tier1: periods([449, 6], [4490, 60]), Tier2: periods([749, 10], [5990, 80]) },
        WEBHOOKS: periods([299, 4], [2990, 40]),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Provider prices updated; every family keeps its margin.');
    expect(res.body.repriced).toEqual({ plan: 0, wcc: 0, payments: 0, addons: 2 });

    const acmeAfter = (await partnerNamed('Acme Messaging')).addons;
    expect(acmeAfter.FLOW_BUILDER).toEqual({
      name: 'FLOW_BUILDER',
      status: 'ACTIVE',
      price: price(549, 7),
      partnerPlans: { Tier1: periods([549, 7], [5490, 70]), Tier2: periods([849, 11], [6990, 90]) },
    });
    expect(acmeAfter.WEBHOOKS).toEqual({ name: 'WEBHOOKS', status: 'ACTIVE', price: price(399, 6) });
    const directAfter = (await partnerNamed('Direct Retail')).addons;
    expect(directAfter.FLOW_BUILDER!.partnerPlans).toEqual({
      Tier1: periods([449, 6], [4490, 60]),
      Tier2: periods([749, 10], [5990, 80]),
    });
    expect(directAfter.FLOW_BUILDER!.price).toEqual(price(449, 6));
    expect((await partnerNamed('AdsWorks')).addons).toEqual(adsBefore);

    const catalogue = (await readCatalogue()).body;
    expect(catalogue.addons.WEBHOOKS).toEqual(periods([299, 4], [2990, 40]));
    expect(catalogue.addons.FLOW_BUILDER!).toEqual({
      Tier1: periods([449, 6], [4490, 60]),
      Tier2: periods([749, 10], [5990, 80]),
    });
  });

  it('adds an add-on new to the catalogue; no partner is repriced', async () => {
    const before = await allAddons();
    const res = await editCatalogue({ addons: { CHAT_WIDGET: periods([149, 2], [1490, 20]) } });
    expect(res.status).toBe(200);
    expect(res.body.repriced.addons).toBe(0);
    expect((await readCatalogue()).body.addons.CHAT_WIDGET).toEqual(periods([149, 2], [1490, 20]));
    expect(await allAddons()).toEqual(before);
  });

  it('refuses bad add-on plans with a message, changing nothing', async () => {
    const catalogue = (await readCatalogue()).body;
    const addons = await allAddons();
    const refusals: [unknown, string][] = [
      [{ addons: { FLOW_BUILDER: periods([1, 1], [1, 1]) } }, addonPlanTexts.wrongSlots('FLOW_BUILDER')],
      [{ addons: { WEBHOOKS: flowPlans } }, addonPlanTexts.wrongSlots('WEBHOOKS')],
      [{ addons: { WEBHOOKS: { Monthly: { INR: -1, USD: 0 }, Yearly: price(1, 1) } } }, expect.stringMatching(/\S/)],
      [{ addons: { 'bad name': periods([1, 1], [1, 1]) } }, catalogueTexts.addonName],
      [{ plans: { PRO_MONTHLY: { INR: -100, USD: 1 } } }, 'A price cannot be negative.'],
      [{ plans: { PRO_MONTHLY: { INR: 0.5, USD: 1 } } }, 'A price has at most 5 decimals.'],
      // A use case's refusal after earlier parts were written: the whole change is rolled back.
      [
        {
          wcc: { IN: { mc: price(1, 1) } },
          slabFees: [{ startAmount: 7, fee: 1 }],
          addons: { WEBHOOKS: periods([1, 1], [1, 1]) },
        },
        'The provider has no slab starting at this amount.',
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await editCatalogue(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(message);
    }
    expect((await readCatalogue()).body).toEqual(catalogue);
    expect(await allAddons()).toEqual(addons);
  });
});

describe('prices drive money', () => {
  it('a margin change prices the next conversation; the one already charged keeps its price', async () => {
    const [acme] = await t.deps.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
    const { partnerWccPlan } = (
      await send<WccFamilyAnswer>('POST', '/api/create-partner-wcc-plan', {
        ...noMargins,
        name: 'Charged Then Raised',
        marketing: { IN: { inrMargin: 10000, usdMargin: 0 } },
      })
    ).body;
    const business = await makeBusiness(t.deps.db, { partnerId: acme!.id, displayName: 'Margin Test Co' });
    const project = await makeProject(t.deps.db, {
      partnerId: acme!.id,
      businessId: business.id,
      name: 'Margin Test',
      wccPlanId: partnerWccPlan._id,
      isWhatsappVerified: true,
      openingCredit: 100 * U,
    });
    const event = (n: number) => ({
      messageId: `margin-${n}`,
      projectId: project.id,
      status: 'sent',
      category: 'marketing',
      initiator: 'business',
      country: 'IN',
      recipient: `91980000000${n}`,
      timestamp: new Date().toISOString(),
    });
    const post = (n: number) =>
      call(t.app, 'POST', '/platform/message-events', {
        body: { events: [event(n)] },
        headers: { 'x-platform-key': KEY },
      });
    const charges = async () =>
      (
        await t.deps.db
          .select({ amount: billingLogs.amount })
          .from(billingLogs)
          .where(and(eq(billingLogs.projectId, project.id), eq(billingLogs.reasonCode, 'MESSAGE_DELIVERY_WCC')))
          .orderBy(billingLogs.createdAt)
      ).map((r) => r.amount);

    expect((await post(1)).status).toBe(200);
    const provider = partnerWccPlan.marketing.IN!.INR;
    expect(await charges()).toEqual([provider + 10000]);
    await send('PATCH', '/api/update-partner-wcc-families', {
      wccPlanId: partnerWccPlan._id,
      mc: { IN: { inrMargin: 50000, usdMargin: 0 } },
    });
    expect((await post(2)).status).toBe(200);
    expect(await charges()).toEqual([provider + 10000, provider + 50000]);
  });
});

describe('PATCH /superadmin/catalogue: volume tiers', () => {
  const tiers = [
    { fromMessages: 25_000_001, INR: 10810, USD: 130 },
    { fromMessages: 50_000_001, INR: 10120, USD: 120 },
  ];
  it('replaces a market’s tiers of a charge type, read back in order', async () => {
    expect((await editCatalogue({ volumeTiers: { IN: { uc: tiers } } })).status).toBe(200);
    expect((await readCatalogue()).body.volumeTiers.IN).toEqual({ uc: tiers });
    // The partners see them beside the provider's WCC prices.
    const provider = await call<ProviderWccPricingResponse>(
      t.app,
      'GET',
      `/api/get-aisensy-wcc-pricing/${WCC_PRICING_PLACEHOLDER}`,
      { token: owner },
    );
    expect(provider.body.volumeTiers.IN).toEqual({ uc: tiers });
    expect((await editCatalogue({ volumeTiers: { IN: { uc: tiers.slice(1) } } })).status).toBe(200);
    expect((await readCatalogue()).body.volumeTiers.IN).toEqual({ uc: tiers.slice(1) });
    expect((await editCatalogue({ volumeTiers: { IN: { uc: [] } } })).status).toBe(200);
    expect((await readCatalogue()).body.volumeTiers.IN).toBeUndefined();
  });

  it('refuses tiers out of order, a tier dearer than the one before, and a market without a list price', async () => {
    const cases: [unknown, string][] = [
      [{ IN: { uc: [tiers[1], tiers[0]] } }, catalogueTexts.tiersInOrder],
      [{ IN: { uc: [tiers[0], { ...tiers[1]!, INR: 20000 }] } }, catalogueTexts.tiersStepDown],
      [{ IN: { mc: tiers } }, 'Unrecognized key: \\"mc\\"'],
      [{ ZZ: { uc: tiers } }, catalogueTexts.tierWithoutList('ZZ')],
    ];
    for (const [volumeTiers, message] of cases) {
      const res = await editCatalogue({ volumeTiers });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await readCatalogue()).body.volumeTiers).toEqual({});
  });
});
