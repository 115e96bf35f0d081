import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addonPlanTexts as texts,
  projectBillingTexts,
  type AddonPlans,
  type Partner,
  type ProviderAddonPlansResponse,
} from '@pc/contract';
import { billingLogs, partners } from '../../platform/db/schema.js';
import { postEntry } from '../billing/ledger.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { testKit } from '../project-billing/test-kit.js';

const INR = 100000;
let t: TestContext;
let owner: string;
let acme: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acme = await testKit(t.database.db).partnerId('Acme Messaging');
});
afterAll(() => t.close());

const provider = async (token = owner) =>
  call<ProviderAddonPlansResponse>(t.app, 'GET', '/api/aisensy-addon-plans', { token });
const update = (key: string, partnerPlans: unknown, token = owner) =>
  call<{ message: string }>(t.app, 'POST', '/api/update-addon-plan', { token, body: { key, partnerPlans } });
const addonsOf = async (token = owner) =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token, body: {} })).body.data.addons;
const p = (inr: number, usd: number) => ({ INR: inr * INR, USD: usd * INR });

describe("the provider's add-on plans", () => {
  it('list Monthly and Yearly per add-on, the flow builder per tier', async () => {
    const res = await provider();
    expect(res.status).toBe(200);
    expect(res.body.aisensyAddonPlans.WEBHOOKS).toEqual({ Monthly: p(249, 3), Yearly: p(2490, 30) });
    expect(res.body.aisensyAddonPlans.FLOW_BUILDER).toEqual({
      Tier1: { Monthly: p(399, 5), Yearly: p(3990, 50) },
      Tier2: { Monthly: p(699, 9), Yearly: p(6990, 90) },
    });
  });
});

describe('update-addon-plan', () => {
  const webhooks: AddonPlans = { Monthly: p(349, 5), Yearly: p(3490, 50) };

  it("saves the partner's plans and moves the add-on's shown price to the new Monthly", async () => {
    const res = await update('WEBHOOKS', webhooks);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(texts.updated);
    const addons = await addonsOf();
    expect(addons.WEBHOOKS).toMatchObject({ status: 'ACTIVE', price: p(349, 5), partnerPlans: webhooks });
    // The other add-ons are untouched.
    expect(addons.FLOW_BUILDER?.price).toEqual(p(499, 6));
  });

  it('refuses a price below the provider, the wrong slots, and unknown add-ons, changing nothing', async () => {
    const below = await update('WEBHOOKS', { Monthly: p(200, 5), Yearly: p(3490, 50) });
    expect(below).toMatchObject({
      status: 400,
      body: { message: texts.belowProvider('WEBHOOKS', { tier: null, period: 'Monthly' }) },
    });
    const flat = await update('FLOW_BUILDER', webhooks);
    expect(flat).toMatchObject({ status: 400, body: { message: texts.wrongSlots('FLOW_BUILDER') } });
    expect((await update('NOT_AN_ADDON', webhooks)).status).toBe(404);
    // META_ADS is in the catalogue but Acme does not offer it.
    expect(await update('META_ADS', webhooks)).toMatchObject({ status: 404, body: { message: texts.notOffered } });
    expect((await update('WEBHOOKS', { Monthly: { INR: -1, USD: 0 }, Yearly: p(1, 1) })).status).toBe(400);
    expect((await addonsOf()).WEBHOOKS?.partnerPlans).toEqual(webhooks);
  });

  it('needs manage write, the Zoho integration and a non-referral user', async () => {
    expect((await update('WEBHOOKS', webhooks, await signInAs(t.app, 'agent'))).status).toBe(403);
    expect((await update('WEBHOOKS', webhooks, await signInAs(t.app, 'referral'))).status).toBe(403);
    const ads = await update('WEBHOOKS', webhooks, await signInAs(t.app, 'ads'));
    expect(ads.status).toBe(403);
  });
});

describe('an add-on purchase', () => {
  it("charges the partner's current plan price and records the provider's beside it", async () => {
    const db = t.database.db;
    await postEntry(db, {
      partnerId: acme,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 100_000 * INR,
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      message: 'Test recharge',
    });
    const kit = testKit(db);
    const family = await kit.family(acme, 'Acme Standard');
    const business = await makeBusiness(db, { partnerId: acme, displayName: 'Addon Plan Client' });
    const project = await makeProject(db, {
      partnerId: acme,
      businessId: business.id,
      name: 'Addon Plan Project',
      familyId: family.id,
      activePlan: 'BASIC_MONTHLY',
    });
    const flows: AddonPlans = {
      Tier1: { Monthly: p(450, 6), Yearly: p(4500, 60) },
      Tier2: { Monthly: p(800, 10), Yearly: p(8000, 100) },
    };
    expect((await update('FLOW_BUILDER', flows)).status).toBe(200);
    const addon = (method: 'POST' | 'PATCH', body: object) =>
      call(t.app, method, `/partner/:partnerId/project/${project.id}/addon`, { token: owner, body });
    const on = await addon('POST', { addon: 'FLOW_BUILDER', flowCount: 15, partnerPlans: { plan: 'Yearly' } });
    expect(on.status).toBe(200);
    expect((on.body as { addon: unknown }).addon).toMatchObject({ partnerPlans: { plan: 'Yearly' }, flowCount: 15 });
    // 15 flows on the Yearly plan: Tier1 for the first 5, one Tier2 for the next 10.
    const more = await addon('PATCH', { addon: 'FLOW_BUILDER', flowCount: 25 });
    expect(more.body).toMatchObject({ message: projectBillingTexts.addonUpdated });
    const rows = await db
      .select({ amount: billingLogs.amount, providerAmount: billingLogs.providerAmount, message: billingLogs.message })
      .from(billingLogs)
      .where(and(eq(billingLogs.projectId, project.id), eq(billingLogs.reasonCode, 'ADDON_PURCHASE')))
      .orderBy(billingLogs.createdAt);
    expect(rows).toEqual([
      {
        amount: (4500 + 8000) * INR,
        providerAmount: (3990 + 6990) * INR,
        message: 'Add-on FLOW_BUILDER activated with 15 flows, Yearly',
      },
      { amount: 8000 * INR, providerAmount: 6990 * INR, message: 'Add-on FLOW_BUILDER modified to 25 flows' },
    ]);
    const [acmeRow] = await db.select({ addons: partners.addons }).from(partners).where(eq(partners.id, acme));
    expect(acmeRow!.addons.FLOW_BUILDER?.price).toEqual(p(450, 6));
  });
});
