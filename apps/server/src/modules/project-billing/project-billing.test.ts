import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { partners } from '../../platform/db/schema.js';
import {
  partnerStatusTexts,
  projectBillingTexts as texts,
  type AddonResponse,
  type CreditResponse,
  type PartnerCreditResponse,
  type ProjectPlanFamilyResponse,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makePaymentPlan, makePlanFamily } from '../../seed/catalogue.js';
import { insufficientCentralBalance, insufficientCredit, postEntry } from '../billing/ledger.js';
import { testKit } from './test-kit.js';

const INR = 100000;
let t: TestContext;
let kit: ReturnType<typeof testKit>;
let owner: string;
let viewer: string;
let manager: string;
let acme: string;
let standard: Awaited<ReturnType<ReturnType<typeof testKit>['family']>>;
let premium: typeof standard;

beforeAll(async () => {
  t = await startTestApp();
  kit = testKit(t.database.db);
  [owner, viewer, manager] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'priya'),
  ]);
  acme = await kit.partnerId('Acme Messaging');
  standard = await kit.family(acme, 'Acme Standard');
  premium = await kit.family(acme, 'Acme Premium');
  // Enough central balance for yearly plans, paid in as a partner would (a ledger entry).
  await postEntry(t.database.db, {
    partnerId: acme,
    balance: 'CENTRAL',
    action: 'ADD',
    amount: 500000 * INR,
    reasonCode: 'CENTRAL_BALANCE_RECHARGE',
    message: 'Test recharge',
  });
});
afterAll(() => t.close());

const billing = (projectId: string, what: string) => `/partner/${acme}/project/${projectId}/billing/${what}`;
const patch = <T = Record<string, unknown>>(
  url: string,
  body: unknown,
  opts: { token?: string; headers?: Record<string, string> } = {},
) => call<T>(t.app, 'PATCH', url, { token: opts.token ?? owner, body, headers: opts.headers });

/** A project of Acme's of its own, so that tests do not share state. */
let seq = 0;
const freshProject = async (change: Record<string, unknown> = {}) => {
  seq += 1;
  const business = await makeBusiness(t.database.db, { partnerId: acme, displayName: `Billing Client ${seq}` });
  return makeProject(t.database.db, {
    partnerId: acme,
    businessId: business.id,
    name: `Billing Project ${seq}`,
    familyId: standard.id,
    activePlan: 'BASIC_MONTHLY',
    isWhatsappVerified: true,
    ...change,
  });
};

/** A partner of its own with little central balance, its owner signed in. */
const poorPartner = async (centralBalance: number) => {
  seq += 1;
  const partner = await makePartner(t.database.db, {
    name: `Poor Partner ${seq}`,
    centralBalance,
    addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 499 * INR, USD: 6 * INR } } },
  });
  await makeAgent(t.database.db, {
    partnerId: partner.id,
    userName: `poor${seq}`,
    password: 'Poor@1234',
    email: `poor${seq}@poor.example`,
  });
  const family = await makePlanFamily(t.database.db, partner.id, 'Poor Plans');
  const business = await makeBusiness(t.database.db, { partnerId: partner.id, displayName: `Poor Client ${seq}` });
  const project = await makeProject(t.database.db, {
    partnerId: partner.id,
    businessId: business.id,
    name: 'Poor Project',
    familyId: family.id,
    activePlan: 'BASIC_MONTHLY',
  });
  return { partner, family, project, token: await signIn(t.app, `poor${seq}`, 'Poor@1234') };
};

describe('PATCH .../billing/wcc, /pwc and /adCredit', () => {
  it('ADD moves money from the central balance to the credit, with both billing-log rows', async () => {
    const p = await freshProject();
    const central = await kit.central(acme);
    const logs = await kit.logCount(acme);
    const res = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 250 * INR, action: 'ADD' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ credit: 250 * INR, message: 'Successfully updated Wcc' });
    expect((await kit.projectById(p.id)).templateCredit).toBe(250 * INR);
    expect(await kit.central(acme)).toBe(central - 250 * INR);
    const rows = (await kit.logs(acme)).slice(logs);
    expect(rows.map((r) => [r.balance, r.action, r.amount, r.reasonCode]).sort()).toEqual([
      ['CENTRAL', 'SUBTRACT', 250 * INR, 'WCC_CREDIT_ADD'],
      ['WCC', 'ADD', 250 * INR, 'WCC_CREDIT_ADD'],
    ]);
  });

  it('SUBTRACT moves it back; below zero is refused and nothing changes', async () => {
    const p = await freshProject();
    await patch(billing(p.id, 'wcc'), { amount: 100 * INR, action: 'ADD' });
    const ok = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 40 * INR, action: 'SUBTRACT' });
    expect(ok.body.credit).toBe(60 * INR);
    const central = await kit.central(acme);
    const logs = await kit.logCount(acme);
    const refused = await patch(billing(p.id, 'wcc'), { amount: 60 * INR + 1, action: 'SUBTRACT' });
    expect(refused).toMatchObject({ status: 400, body: { message: insufficientCredit } });
    expect((await kit.projectById(p.id)).templateCredit).toBe(60 * INR);
    expect(await kit.central(acme)).toBe(central);
    expect(await kit.logCount(acme)).toBe(logs);
  });

  it('partner credit answers partner_credit; ad credit answers credit', async () => {
    const p = await freshProject();
    const pwc = await patch<PartnerCreditResponse>(billing(p.id, 'pwc'), { amount: 12.5 * INR, action: 'ADD' });
    expect(pwc.body).toEqual({ partner_credit: 12.5 * INR, message: 'Successfully Updated' });
    expect(
      (await patch<PartnerCreditResponse>(billing(p.id, 'pwc'), { amount: 2.5 * INR, action: 'SUBTRACT' })).body
        .partner_credit,
    ).toBe(10 * INR);
    const ad = await patch<CreditResponse>(billing(p.id, 'adCredit'), { amount: 7 * INR, action: 'ADD' });
    expect(ad.body).toEqual({ credit: 7 * INR, message: 'Successfully updated Ad Credit' });
    const row = await kit.projectById(p.id);
    expect([row.partnerWhatsappCredit, row.metaAdsCredit]).toEqual([10 * INR, 7 * INR]);
  });

  it("refuses an amount of 0 or less with the spec's messages", async () => {
    const p = await freshProject();
    for (const amount of [0, -5, 1.5]) {
      expect((await patch(billing(p.id, 'wcc'), { amount, action: 'ADD' })).body.message, String(amount)).toBe(
        'Invalid amount',
      );
      expect((await patch(billing(p.id, 'adCredit'), { amount, action: 'ADD' })).body.message).toBe('Invalid amount');
      expect((await patch(billing(p.id, 'pwc'), { amount, action: 'ADD' })).body.message).toBe(
        'Enter a valid amount value',
      );
    }
    expect((await patch(billing(p.id, 'wcc'), { amount: 5, action: 'TAKE' })).status).toBe(400);
  });

  it('ad credit goes to a project not yet live only with the partner flag enableMetaAdsWithoutAPI', async () => {
    const draft = await freshProject({ isWhatsappVerified: false });
    const central = await kit.central(acme);
    const refused = await patch(billing(draft.id, 'adCredit'), { amount: 5 * INR, action: 'ADD' });
    expect(refused).toMatchObject({ status: 400, body: { message: texts.adCreditNotLive } });
    expect((await kit.projectById(draft.id)).metaAdsCredit).toBe(0);
    expect(await kit.central(acme)).toBe(central);
    const flags = (await t.database.db.select({ f: partners.flags }).from(partners).where(eq(partners.id, acme)))[0]!.f;
    await t.database.db
      .update(partners)
      .set({ flags: { ...flags, enableMetaAdsWithoutAPI: true } })
      .where(eq(partners.id, acme));
    try {
      expect((await patch(billing(draft.id, 'adCredit'), { amount: 5 * INR, action: 'ADD' })).status).toBe(200);
      expect((await kit.projectById(draft.id)).metaAdsCredit).toBe(5 * INR);
    } finally {
      await t.database.db.update(partners).set({ flags }).where(eq(partners.id, acme));
    }
  });

  it('ad credit is ADD only', async () => {
    const p = await freshProject();
    await patch(billing(p.id, 'adCredit'), { amount: 5 * INR, action: 'ADD' });
    const res = await patch(billing(p.id, 'adCredit'), { amount: 1 * INR, action: 'SUBTRACT' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Ad credit can only be added' } });
    expect((await kit.projectById(p.id)).metaAdsCredit).toBe(5 * INR);
  });

  it('an ADD larger than the central balance is refused and nothing changes', async () => {
    const poor = await poorPartner(10 * INR);
    const res = await patch(
      `/partner/:partnerId/project/${poor.project.id}/billing/wcc`,
      { amount: 11 * INR, action: 'ADD' },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect(await kit.central(poor.partner.id)).toBe(10 * INR);
    expect((await kit.projectById(poor.project.id)).templateCredit).toBe(0);
    expect(await kit.logCount(poor.partner.id)).toBe(1);
  });

  it('the same Idempotency-Key twice moves money once; on another request it is refused', async () => {
    const p = await freshProject();
    const central = await kit.central(acme);
    const headers = { 'idempotency-key': `retry-${p.id}` };
    const first = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 30 * INR, action: 'ADD' }, { headers });
    const again = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 30 * INR, action: 'ADD' }, { headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.credit).toBe(30 * INR);
    expect((await kit.projectById(p.id)).templateCredit).toBe(30 * INR);
    expect(await kit.central(acme)).toBe(central - 30 * INR);
    const other = await patch(billing(p.id, 'wcc'), { amount: 31 * INR, action: 'ADD' }, { headers });
    expect(other).toMatchObject({ status: 409, body: { message: texts.idempotencyKeyReused } });
    expect(
      (
        await patch(
          billing(p.id, 'wcc'),
          { amount: 1, action: 'ADD' },
          { headers: { 'idempotency-key': 'k'.repeat(201) } },
        )
      ).status,
    ).toBe(400);
  });

  it('an unknown or deleted project is 404; a read-only role is 403', async () => {
    const p = await freshProject({ partnerArchived: true, status: 'archived' });
    expect((await patch(billing('no-such-project', 'wcc'), { amount: 1, action: 'ADD' })).status).toBe(404);
    expect((await patch(billing(p.id, 'wcc'), { amount: 1, action: 'ADD' })).status).toBe(404);
    const live = await freshProject();
    expect((await patch(billing(live.id, 'wcc'), { amount: 1, action: 'ADD' }, { token: viewer })).status).toBe(403);
    expect((await patch(billing(live.id, 'wcc'), { amount: 1, action: 'ADD' }, { token: manager })).status).toBe(200);
  });
});

describe('PATCH .../billing/switch-plan', () => {
  it("charges the new plan's partner price to the central balance and starts its period: PLAN_PURCHASE the first paid plan, PLAN_SWITCH after", async () => {
    const p = await freshProject();
    const central = await kit.central(acme);
    const res = await patch(billing(p.id, 'switch-plan'), { newFamilyId: premium.id, newPlanId: 'PRO_YEARLY' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Successfully updated plan' } });
    const price = premium.plans.PRO_YEARLY!.INR;
    expect(await kit.central(acme)).toBe(central - price);
    const row = await kit.projectById(p.id);
    expect(row).toMatchObject({ familyId: premium.id, activePlan: 'PRO_YEARLY' });
    expect(row.planRenewalOn!.getTime() - row.planActivatedOn!.getTime()).toBe(365 * 86400000);
    expect((await kit.logs(acme)).at(-1)).toMatchObject({
      reasonCode: 'PLAN_PURCHASE',
      balance: 'CENTRAL',
      action: 'SUBTRACT',
      amount: price,
      // The provider's PRO_YEARLY (the catalogue's ₹23,990) beside the partner's price.
      providerAmount: 23990 * INR,
      projectId: p.id,
      message: 'Plan switched: Acme Premium PRO_YEARLY',
    });
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: premium.id, newPlanId: 'PRO_MONTHLY' })).status,
    ).toBe(200);
    expect((await kit.logs(acme)).at(-1)).toMatchObject({
      reasonCode: 'PLAN_SWITCH',
      amount: premium.plans.PRO_MONTHLY!.INR,
      projectId: p.id,
    });
  });

  it('a switch to the Starter plan (FREE_FOREVER) costs nothing and writes no billing-log row', async () => {
    const p = await freshProject();
    const [central, logs] = [await kit.central(acme), await kit.logCount(acme)];
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: standard.id, newPlanId: 'FREE_FOREVER' })).status,
    ).toBe(200);
    expect([await kit.central(acme), await kit.logCount(acme)]).toEqual([central, logs]);
    expect((await kit.projectById(p.id)).planRenewalOn).toBeNull();
  });

  it('refuses a short central balance, the same plan and a stopped project, changing nothing', async () => {
    const poor = await poorPartner(100 * INR);
    const res = await patch(
      `/partner/:partnerId/project/${poor.project.id}/billing/switch-plan`,
      { newFamilyId: poor.family.id, newPlanId: 'PRO_MONTHLY' },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await kit.projectById(poor.project.id)).activePlan).toBe('BASIC_MONTHLY');
    expect(await kit.central(poor.partner.id)).toBe(100 * INR);

    const p = await freshProject();
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: standard.id, newPlanId: 'BASIC_MONTHLY' })).body
        .message,
    ).toBe(texts.samePlan);
    const stopped = await freshProject({ status: 'stopped', planStoppedOn: new Date() });
    expect(
      (await patch(billing(stopped.id, 'switch-plan'), { newFamilyId: premium.id, newPlanId: 'PRO_MONTHLY' })).body
        .message,
    ).toBe(texts.stoppedProject);
  });

  it("refuses another partner's family (404) and a plan name that does not exist (400)", async () => {
    const p = await freshProject();
    const poor = await poorPartner(0);
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: poor.family.id, newPlanId: 'PRO_MONTHLY' })).status,
    ).toBe(404);
    expect((await patch(billing(p.id, 'switch-plan'), { newFamilyId: standard.id, newPlanId: 'GOLD' })).status).toBe(
      400,
    );
    expect((await kit.projectById(p.id)).familyId).toBe(standard.id);
  });
});

describe('stop billing and reactivate', () => {
  it('stop sets planStoppedOn and status stopped; a second stop is refused', async () => {
    const p = await freshProject();
    const res = await call(t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${p.id}`, { token: owner });
    expect(res).toMatchObject({ status: 200, body: { message: 'Plan stopped!' } });
    const row = await kit.projectById(p.id);
    expect(row.status).toBe('stopped');
    expect(row.planStoppedOn).toBeInstanceOf(Date);
    expect(
      (await call(t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${p.id}`, { token: owner })).body.message,
    ).toBe(texts.alreadyStopped);
  });

  it('reactivate charges the plan (PLAN_REACTIVATED) and clears planStoppedOn', async () => {
    const p = await freshProject({ status: 'stopped', planStoppedOn: new Date() });
    const central = await kit.central(acme);
    const res = await patch(billing(p.id, 'reactivate-project'), {
      familyId: standard.id,
      defaultPlan: 'BASIC_MONTHLY',
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'plan reactivated Successfully' } });
    expect(await kit.central(acme)).toBe(central - standard.plans.BASIC_MONTHLY!.INR);
    expect(await kit.projectById(p.id)).toMatchObject({
      status: 'active',
      planStoppedOn: null,
      activePlan: 'BASIC_MONTHLY',
    });
    expect((await kit.logs(acme)).at(-1)).toMatchObject({ reasonCode: 'PLAN_REACTIVATED' });
    expect(
      (await patch(billing(p.id, 'reactivate-project'), { familyId: standard.id, defaultPlan: 'BASIC_MONTHLY' })).body
        .message,
    ).toBe(texts.notStopped);
  });

  it('reactivation on a short balance is refused: the project stays stopped', async () => {
    const poor = await poorPartner(1 * INR);
    await call(t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${poor.project.id}`, { token: poor.token });
    const res = await patch(
      `/partner/:partnerId/project/${poor.project.id}/billing/reactivate-project`,
      { familyId: poor.family.id, defaultPlan: 'BASIC_MONTHLY' },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await kit.projectById(poor.project.id)).status).toBe('stopped');
  });
});

describe('WCC plan and WhatsApp Payments plan', () => {
  it('changes the WCC plan to one of the partner; refuses a foreign one with 404', async () => {
    const p = await freshProject({ wccPlanId: null });
    const wcc = await kit.wcc(acme);
    const res = await patch('/api/update-project-wcc-plan', { assistantId: p.id, wccPlanId: wcc.id });
    expect(res).toMatchObject({ status: 200, body: { message: 'Successfully changed wcc plan' } });
    expect((await kit.projectById(p.id)).wccPlanId).toBe(wcc.id);
    expect((await patch('/api/update-project-wcc-plan', { assistantId: p.id, wccPlanId: 'not-ours' })).status).toBe(
      404,
    );
    expect((await patch('/api/update-project-wcc-plan', { assistantId: 'not-ours', wccPlanId: wcc.id })).status).toBe(
      404,
    );
  });

  it('sets the payments plan when WHATSAPP_PAY is active; refuses without it', async () => {
    const p = await freshProject();
    const pay = await kit.payPlan(acme);
    expect(
      (await patch('/api/whatsapp-payments-plans/set-plan', { assistantId: p.id, paymentPlanId: pay.id })).status,
    ).toBe(200);
    expect((await kit.projectById(p.id)).paymentPlanId).toBe(pay.id);
    const poor = await poorPartner(0);
    const own = await makePaymentPlan(t.database.db, poor.partner.id, 'Poor Pay');
    expect(
      (await patch('/api/whatsapp-payments-plans/set-plan', { assistantId: p.id, paymentPlanId: own.id })).status,
    ).toBe(404);
    const res = await patch(
      '/api/whatsapp-payments-plans/set-plan',
      { assistantId: poor.project.id, paymentPlanId: own.id },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: texts.paymentsAddonInactive } });
  });
});

describe('GET /api/get-partner-plan-family/{projectId}', () => {
  it("answers the project's family with its plans; read access is enough", async () => {
    const p = await freshProject();
    const res = await call<ProjectPlanFamilyResponse>(t.app, 'GET', `/api/get-partner-plan-family/${p.id}`, {
      token: viewer,
    });
    expect(res.status).toBe(200);
    expect(res.body.family).toMatchObject({ _id: standard.id, name: 'Acme Standard', defaultPlan: 'BASIC_MONTHLY' });
    expect(res.body.family!.plans.PRO_MONTHLY).toEqual(standard.plans.PRO_MONTHLY);
    expect((await call(t.app, 'GET', '/api/get-partner-plan-family/nope', { token: owner })).status).toBe(404);
  });
});

describe('delete project, change status, defaults', () => {
  it('delete marks the project archived and keeps it; afterwards it is unknown (404)', async () => {
    const p = await freshProject();
    await patch(billing(p.id, 'wcc'), { amount: 5 * INR, action: 'ADD' });
    const res = await call(t.app, 'POST', `/api/delete-project/${p.id}`, { token: owner });
    expect(res).toMatchObject({ status: 200, body: { status: '#28C153' } });
    expect(await kit.projectById(p.id)).toMatchObject({
      partnerArchived: true,
      status: 'archived',
      templateCredit: 5 * INR,
    });
    expect((await call(t.app, 'POST', `/api/delete-project/${p.id}`, { token: owner })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/delete-project/${p.id}`, { token: viewer })).status).toBe(403);
  });

  const setStatus = (assistantId: string, status: string, token = owner) =>
    call(t.app, 'PUT', '/api/change-project-status', { token, body: { status, assistantId, partnerId: 'ignored' } });

  it('change-project-status cannot make a stopped project active without the reactivation charge', async () => {
    const p = await freshProject();
    expect(await setStatus(p.id, 'stopped')).toMatchObject({ status: 200, body: { message: 'Successfully Updated' } });
    // Stopped by a status change is stopped as by Stop Billing.
    expect(await kit.projectById(p.id)).toMatchObject({ status: 'stopped', planStoppedOn: expect.any(Date) });
    const central = await kit.central(acme);
    const logs = await kit.logCount(acme);
    for (const status of ['active', 'pending']) {
      const res = await setStatus(p.id, status);
      expect(res).toMatchObject({ status: 400, body: { message: partnerStatusTexts.reactivateInstead } });
    }
    expect(await kit.projectById(p.id)).toMatchObject({ status: 'stopped', planStoppedOn: expect.any(Date) });
    expect(await kit.central(acme)).toBe(central);
    expect(await kit.logCount(acme)).toBe(logs);
    // Reactivate is the way back, and it charges.
    const res = await patch(billing(p.id, 'reactivate-project'), {
      familyId: standard.id,
      defaultPlan: 'BASIC_MONTHLY',
    });
    expect(res.status).toBe(200);
    expect(await kit.central(acme)).toBe(central - standard.plans.BASIC_MONTHLY!.INR);
    expect((await kit.projectById(p.id)).status).toBe('active');
  });

  it("the platform's statuses are not the partner's to set or clear; active and pending swap freely", async () => {
    const p = await freshProject();
    expect((await setStatus(p.id, 'pending')).status).toBe(200);
    expect((await setStatus(p.id, 'active')).status).toBe(200);
    for (const status of ['unpaid', 'suspended', 'terminated']) {
      expect((await setStatus(p.id, status)).body.message).toBe(partnerStatusTexts.platformStatus);
    }
    const suspended = await freshProject({ status: 'suspended' });
    expect((await setStatus(suspended.id, 'active')).body.message).toBe(partnerStatusTexts.platformStatus);
    expect((await kit.projectById(suspended.id)).status).toBe('suspended');
    expect((await setStatus(p.id, 'gone')).status).toBe(400);
    expect((await setStatus('nope', 'active')).status).toBe(404);
  });

  it('the super-admin moves a project freely among all statuses, without charges', async () => {
    const admin = await signInAs(t.app, 'admin');
    const p = await freshProject({ status: 'stopped', planStoppedOn: new Date() });
    const central = await kit.central(acme);
    const move = (status: string, token = admin) =>
      call(t.app, 'PUT', `/superadmin/projects/${p.id}/status`, { token, body: { status } });
    for (const status of ['active', 'suspended', 'terminated', 'unpaid', 'archived', 'pending', 'stopped', 'active']) {
      expect((await move(status)).status, status).toBe(200);
      expect(await kit.projectById(p.id)).toMatchObject({
        status,
        partnerArchived: status === 'archived',
        planStoppedOn: status === 'stopped' ? expect.any(Date) : null,
      });
    }
    expect(await kit.central(acme)).toBe(central);
    expect((await move('active', owner)).status).toBe(403);
    expect(
      (await call(t.app, 'PUT', '/superadmin/projects/nope/status', { token: admin, body: { status: 'active' } }))
        .status,
    ).toBe(404);
  });

  it('set-default-configs sets the country or the about text, one at a time', async () => {
    const p = await freshProject();
    const post = (body: unknown) => call(t.app, 'POST', '/api/set-default-configs', { token: owner, body });
    expect((await post({ assistantId: p.id, isoCode: 'AE' })).body).toEqual({ message: 'Updated successfully' });
    expect((await post({ assistantId: p.id, whatsAppAbout: 'Fresh bread daily' })).status).toBe(200);
    expect(await kit.projectById(p.id)).toMatchObject({ isoCode: 'AE', whatsAppAbout: 'Fresh bread daily' });
    expect((await post({ assistantId: p.id, isoCode: 'india' })).body.message).toBe(texts.invalidCountry);
    expect((await post({ assistantId: p.id, whatsAppAbout: 'x'.repeat(140) })).body.message).toBe(texts.invalidAbout);
    expect((await post({ assistantId: p.id })).body.message).toBe(texts.oneDefault);
    expect((await post({ assistantId: 'nope', isoCode: 'IN' })).status).toBe(404);
  });
});

describe('project add-ons', () => {
  const addon = (method: 'POST' | 'PATCH' | 'DELETE', projectId: string, body: unknown, token = owner) =>
    call<AddonResponse>(t.app, method, `/partner/:partnerId/project/${projectId}/addon`, { token, body });

  it("activate charges the partner's plan price (Tier1, plus Tier2 per further 10 flows) with the provider's beside it; modify charges added tiers and never lowers; remove pauses", async () => {
    const p = await freshProject();
    const central = await kit.central(acme);
    const on = await addon('POST', p.id, { addon: 'FLOW_BUILDER', flowCount: 5, partnerPlans: { plan: 'Monthly' } });
    expect(on.status).toBe(200);
    expect(on.body.addon).toEqual({
      name: 'FLOW_BUILDER',
      status: 'ACTIVE',
      flowCount: 5,
      partnerPlans: { plan: 'Monthly' },
    });
    expect(await kit.central(acme)).toBe(central - 499 * INR);
    expect((await kit.logs(acme)).at(-1)).toMatchObject({
      reasonCode: 'ADDON_PURCHASE',
      amount: 499 * INR,
      providerAmount: 399 * INR,
    });

    const up = await addon('PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 25 });
    expect(up.body.addon.flowCount).toBe(25);
    // Acme's Tier2 (each further 10 flows) is 799 a month: two more tiers.
    expect(await kit.central(acme)).toBe(central - 499 * INR - 2 * 799 * INR);
    const down = await addon('PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 15 });
    expect(down).toMatchObject({ status: 400, body: { message: texts.flowCountDecrease } });
    expect((await kit.projectById(p.id)).addons.FLOW_BUILDER?.flowCount).toBe(25);

    const off = await addon('DELETE', p.id, { addon: 'FLOW_BUILDER' });
    expect(off.body.addon.status).toBe('PAUSED');
    expect(await kit.central(acme)).toBe(central - 499 * INR - 2 * 799 * INR);
    expect((await addon('DELETE', p.id, { addon: 'FLOW_BUILDER' })).body.message).toBe(texts.addonNotActive);
  });

  it('refuses an add-on the partner does not offer (404), a second activation, and a short balance', async () => {
    const p = await freshProject();
    expect((await addon('POST', p.id, { addon: 'TELEPORT' })).status).toBe(404);
    expect((await addon('POST', p.id, { addon: 'WEBHOOKS' })).status).toBe(200);
    expect((await addon('POST', p.id, { addon: 'WEBHOOKS' })).body.message).toBe(texts.addonAlreadyActive);
    expect((await addon('PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 15 })).body.message).toBe(
      texts.addonNotActive,
    );
    expect((await addon('POST', p.id, { addon: 'FLOW_BUILDER', flowCount: 0 })).body.message).toBe(
      texts.invalidFlowCount,
    );

    const poor = await poorPartner(400 * INR);
    const res = await addon('POST', poor.project.id, { addon: 'FLOW_BUILDER' }, poor.token);
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await kit.projectById(poor.project.id)).addons).toEqual({});
  });
});
