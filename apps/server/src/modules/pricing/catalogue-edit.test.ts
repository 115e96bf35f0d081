import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  WCC_PRICING_PLACEHOLDER,
  type PaymentsPlanAnswer,
  type PlanFamilyAnswer,
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
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
  [owner, admin] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'admin')]);
});
afterAll(() => t.close());

const send = <T>(method: 'POST' | 'PATCH', url: string, body: unknown, token = owner) =>
  call<T & { message: string }>(t.app, method, url, { token, body });
const editCatalogue = (body: unknown, token = admin) =>
  send<UpdateCatalogueAnswer>('PATCH', '/superadmin/catalogue', body, token);
const noMargins = {
  business_initiated: {},
  user_initiated: {},
  service: {},
  authentication: {},
  marketing: {},
  utility: {},
};

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
    expect((await editCatalogue({})).status).toBe(400);
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
