import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { partners } from '../../platform/db/schema.js';
import {
  projectBillingTexts as texts,
  type CreditResponse,
  type PartnerCreditResponse,
  type ProjectPlanFamilyResponse,
} from '@pc/contract';
import { call } from '../../../test/harness.js';
import { makePaymentPlan } from '../../seed/catalogue.js';
import { insufficientCentralBalance, insufficientCredit } from '../billing/ledger.js';
import { INR, useBillingFixture } from './fixture.js';
import { periodAfter } from '../renewals/index.js';

const { fx, billing, patch, freshProject, poorPartner } = useBillingFixture();

describe('PATCH .../billing/wcc, /pwc and /adCredit', () => {
  it('ADD moves money from the central balance to the credit, with both billing-log rows', async () => {
    const p = await freshProject();
    const central = await fx.kit.central(fx.acme);
    const logs = await fx.kit.logCount(fx.acme);
    const res = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 250 * INR, action: 'ADD' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ credit: 250 * INR, message: 'Successfully updated Wcc' });
    expect((await fx.kit.projectById(p.id)).templateCredit).toBe(250 * INR);
    expect(await fx.kit.central(fx.acme)).toBe(central - 250 * INR);
    const rows = (await fx.kit.logs(fx.acme)).slice(logs);
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
    const central = await fx.kit.central(fx.acme);
    const logs = await fx.kit.logCount(fx.acme);
    const refused = await patch(billing(p.id, 'wcc'), { amount: 60 * INR + 1, action: 'SUBTRACT' });
    expect(refused).toMatchObject({ status: 400, body: { message: insufficientCredit } });
    expect((await fx.kit.projectById(p.id)).templateCredit).toBe(60 * INR);
    expect(await fx.kit.central(fx.acme)).toBe(central);
    expect(await fx.kit.logCount(fx.acme)).toBe(logs);
  });

  it('partner credit answers credit like its siblings, and partner_credit; ad credit answers credit', async () => {
    const p = await freshProject();
    const pwc = await patch<PartnerCreditResponse>(billing(p.id, 'pwc'), { amount: 12.5 * INR, action: 'ADD' });
    expect(pwc.body).toEqual({ credit: 12.5 * INR, partner_credit: 12.5 * INR, message: 'Successfully Updated' });
    const back = await patch<PartnerCreditResponse>(billing(p.id, 'pwc'), { amount: 2.5 * INR, action: 'SUBTRACT' });
    expect([back.body.credit, back.body.partner_credit]).toEqual([10 * INR, 10 * INR]);
    const ad = await patch<CreditResponse>(billing(p.id, 'adCredit'), { amount: 7 * INR, action: 'ADD' });
    expect(ad.body).toEqual({ credit: 7 * INR, message: 'Successfully updated Ad Credit' });
    const row = await fx.kit.projectById(p.id);
    expect([row.partnerWhatsappCredit, row.metaAdsCredit]).toEqual([10 * INR, 7 * INR]);
  });

  it("refuses an amount that is no valid credit with doc 3's 'Invalid Amount', on each of the three, changing nothing", async () => {
    const p = await freshProject();
    const central = await fx.kit.central(fx.acme);
    for (const amount of [0, -5, 1.5, 1e14 + 1, '100'])
      for (const kind of ['wcc', 'adCredit', 'pwc']) {
        const res = await patch(billing(p.id, kind), { amount, action: 'ADD' });
        expect(res, `${kind} ${amount}`).toMatchObject({ status: 400, body: { message: 'Invalid Amount' } });
      }
    expect(await fx.kit.central(fx.acme)).toBe(central);
    expect((await patch(billing(p.id, 'wcc'), { amount: 5, action: 'TAKE' })).status).toBe(400);
  });

  it('ad credit goes to a project not yet live only with the partner flag enableMetaAdsWithoutAPI', async () => {
    const draft = await freshProject({ isWhatsappVerified: false });
    const central = await fx.kit.central(fx.acme);
    const refused = await patch(billing(draft.id, 'adCredit'), { amount: 5 * INR, action: 'ADD' });
    expect(refused).toMatchObject({ status: 400, body: { message: texts.adCreditNotLive } });
    expect((await fx.kit.projectById(draft.id)).metaAdsCredit).toBe(0);
    expect(await fx.kit.central(fx.acme)).toBe(central);
    const flags = (
      await fx.t.database.db.select({ f: partners.flags }).from(partners).where(eq(partners.id, fx.acme))
    )[0]!.f;
    await fx.t.database.db
      .update(partners)
      .set({ flags: { ...flags, enableMetaAdsWithoutAPI: true } })
      .where(eq(partners.id, fx.acme));
    try {
      expect((await patch(billing(draft.id, 'adCredit'), { amount: 5 * INR, action: 'ADD' })).status).toBe(200);
      expect((await fx.kit.projectById(draft.id)).metaAdsCredit).toBe(5 * INR);
    } finally {
      await fx.t.database.db.update(partners).set({ flags }).where(eq(partners.id, fx.acme));
    }
  });

  it('ad credit is ADD only', async () => {
    const p = await freshProject();
    await patch(billing(p.id, 'adCredit'), { amount: 5 * INR, action: 'ADD' });
    const res = await patch(billing(p.id, 'adCredit'), { amount: 1 * INR, action: 'SUBTRACT' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Ad credit can only be added' } });
    expect((await fx.kit.projectById(p.id)).metaAdsCredit).toBe(5 * INR);
  });

  it('an ADD larger than the central balance is refused and nothing changes', async () => {
    const poor = await poorPartner(10 * INR);
    const res = await patch(
      `/partner/:partnerId/project/${poor.project.id}/billing/wcc`,
      { amount: 11 * INR, action: 'ADD' },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect(await fx.kit.central(poor.partner.id)).toBe(10 * INR);
    expect((await fx.kit.projectById(poor.project.id)).templateCredit).toBe(0);
    expect(await fx.kit.logCount(poor.partner.id)).toBe(1);
  });

  it('the same Idempotency-Key twice moves money once; on another request it is refused', async () => {
    const p = await freshProject();
    const central = await fx.kit.central(fx.acme);
    const headers = { 'idempotency-key': `retry-${p.id}` };
    const first = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 30 * INR, action: 'ADD' }, { headers });
    const again = await patch<CreditResponse>(billing(p.id, 'wcc'), { amount: 30 * INR, action: 'ADD' }, { headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.credit).toBe(30 * INR);
    expect((await fx.kit.projectById(p.id)).templateCredit).toBe(30 * INR);
    expect(await fx.kit.central(fx.acme)).toBe(central - 30 * INR);
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
    expect((await patch(billing(live.id, 'wcc'), { amount: 1, action: 'ADD' }, { token: fx.viewer })).status).toBe(403);
    expect((await patch(billing(live.id, 'wcc'), { amount: 1, action: 'ADD' }, { token: fx.manager })).status).toBe(
      200,
    );
  });
});

describe('PATCH .../billing/switch-plan', () => {
  it("charges the new plan's partner price to the central balance and starts its period: PLAN_PURCHASE the first paid plan, PLAN_SWITCH after", async () => {
    const p = await freshProject();
    const central = await fx.kit.central(fx.acme);
    const res = await patch(billing(p.id, 'switch-plan'), { newFamilyId: fx.premium.id, newPlanId: 'PRO_YEARLY' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Successfully updated plan' } });
    const price = fx.premium.plans.PRO_YEARLY!.INR;
    expect(await fx.kit.central(fx.acme)).toBe(central - price);
    const row = await fx.kit.projectById(p.id);
    expect(row).toMatchObject({ familyId: fx.premium.id, activePlan: 'PRO_YEARLY' });
    // Its period is a calendar year (366 days when it holds a 29 February).
    expect(row.planRenewalOn).toEqual(periodAfter(row.planActivatedOn!, 'YEARLY'));
    expect((await fx.kit.logs(fx.acme)).at(-1)).toMatchObject({
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
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: fx.premium.id, newPlanId: 'PRO_MONTHLY' })).status,
    ).toBe(200);
    expect((await fx.kit.logs(fx.acme)).at(-1)).toMatchObject({
      reasonCode: 'PLAN_SWITCH',
      amount: fx.premium.plans.PRO_MONTHLY!.INR,
      projectId: p.id,
    });
  });

  it('a switch to the Starter plan (FREE_FOREVER) costs nothing and writes no billing-log row', async () => {
    const p = await freshProject();
    const [central, logs] = [await fx.kit.central(fx.acme), await fx.kit.logCount(fx.acme)];
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: fx.standard.id, newPlanId: 'FREE_FOREVER' })).status,
    ).toBe(200);
    expect([await fx.kit.central(fx.acme), await fx.kit.logCount(fx.acme)]).toEqual([central, logs]);
    expect((await fx.kit.projectById(p.id)).planRenewalOn).toBeNull();
  });

  it('refuses a short central balance, the same plan and a stopped project, changing nothing', async () => {
    const poor = await poorPartner(100 * INR);
    const res = await patch(
      `/partner/:partnerId/project/${poor.project.id}/billing/switch-plan`,
      { newFamilyId: poor.family.id, newPlanId: 'PRO_MONTHLY' },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await fx.kit.projectById(poor.project.id)).activePlan).toBe('BASIC_MONTHLY');
    expect(await fx.kit.central(poor.partner.id)).toBe(100 * INR);

    const p = await freshProject();
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: fx.standard.id, newPlanId: 'BASIC_MONTHLY' })).body
        .message,
    ).toBe(texts.samePlan);
    const stopped = await freshProject({ status: 'stopped', planStoppedOn: new Date() });
    expect(
      (await patch(billing(stopped.id, 'switch-plan'), { newFamilyId: fx.premium.id, newPlanId: 'PRO_MONTHLY' })).body
        .message,
    ).toBe(texts.stoppedProject);
  });

  it("refuses another partner's family (404) and a plan name that does not exist (400)", async () => {
    const p = await freshProject();
    const poor = await poorPartner(0);
    expect(
      (await patch(billing(p.id, 'switch-plan'), { newFamilyId: poor.family.id, newPlanId: 'PRO_MONTHLY' })).status,
    ).toBe(404);
    expect((await patch(billing(p.id, 'switch-plan'), { newFamilyId: fx.standard.id, newPlanId: 'GOLD' })).status).toBe(
      400,
    );
    expect((await fx.kit.projectById(p.id)).familyId).toBe(fx.standard.id);
  });
});

describe('stop billing and reactivate', () => {
  it('stop sets planStoppedOn and status stopped; a second stop is refused', async () => {
    const p = await freshProject();
    const res = await call(fx.t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${p.id}`, { token: fx.owner });
    expect(res).toMatchObject({ status: 200, body: { message: 'Plan stopped!' } });
    const row = await fx.kit.projectById(p.id);
    expect(row.status).toBe('stopped');
    expect(row.planStoppedOn).toBeInstanceOf(Date);
    expect(
      (await call(fx.t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${p.id}`, { token: fx.owner })).body
        .message,
    ).toBe(texts.alreadyStopped);
  });

  it('reactivate charges the plan (PLAN_REACTIVATED) and clears planStoppedOn', async () => {
    const p = await freshProject({ status: 'stopped', planStoppedOn: new Date() });
    const central = await fx.kit.central(fx.acme);
    const res = await patch(billing(p.id, 'reactivate-project'), {
      familyId: fx.standard.id,
      defaultPlan: 'BASIC_MONTHLY',
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'plan reactivated Successfully' } });
    expect(await fx.kit.central(fx.acme)).toBe(central - fx.standard.plans.BASIC_MONTHLY!.INR);
    expect(await fx.kit.projectById(p.id)).toMatchObject({
      status: 'active',
      planStoppedOn: null,
      activePlan: 'BASIC_MONTHLY',
    });
    expect((await fx.kit.logs(fx.acme)).at(-1)).toMatchObject({ reasonCode: 'PLAN_REACTIVATED' });
    expect(
      (await patch(billing(p.id, 'reactivate-project'), { familyId: fx.standard.id, defaultPlan: 'BASIC_MONTHLY' }))
        .body.message,
    ).toBe(texts.notStopped);
  });

  it('reactivation on a short balance is refused: the project stays stopped', async () => {
    const poor = await poorPartner(1 * INR);
    await call(fx.t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${poor.project.id}`, { token: poor.token });
    const res = await patch(
      `/partner/:partnerId/project/${poor.project.id}/billing/reactivate-project`,
      { familyId: poor.family.id, defaultPlan: 'BASIC_MONTHLY' },
      { token: poor.token },
    );
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await fx.kit.projectById(poor.project.id)).status).toBe('stopped');
  });
});

describe('WCC plan and WhatsApp Payments plan', () => {
  it('changes the WCC plan to one of the partner; refuses a foreign one with 404', async () => {
    const p = await freshProject({ wccPlanId: null });
    const wcc = await fx.kit.wcc(fx.acme);
    const res = await patch('/api/update-project-wcc-plan', { assistantId: p.id, wccPlanId: wcc.id });
    expect(res).toMatchObject({ status: 200, body: { message: 'Successfully changed wcc plan' } });
    expect((await fx.kit.projectById(p.id)).wccPlanId).toBe(wcc.id);
    expect((await patch('/api/update-project-wcc-plan', { assistantId: p.id, wccPlanId: 'not-ours' })).status).toBe(
      404,
    );
    expect((await patch('/api/update-project-wcc-plan', { assistantId: 'not-ours', wccPlanId: wcc.id })).status).toBe(
      404,
    );
  });

  it('sets the payments plan when WHATSAPP_PAY is active; refuses without it', async () => {
    const p = await freshProject();
    const pay = await fx.kit.payPlan(fx.acme);
    expect(
      (await patch('/api/whatsapp-payments-plans/set-plan', { assistantId: p.id, paymentPlanId: pay.id })).status,
    ).toBe(200);
    expect((await fx.kit.projectById(p.id)).paymentPlanId).toBe(pay.id);
    const poor = await poorPartner(0);
    const own = await makePaymentPlan(fx.t.database.db, poor.partner.id, 'Poor Pay');
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
    const res = await call<ProjectPlanFamilyResponse>(fx.t.app, 'GET', `/api/get-partner-plan-family/${p.id}`, {
      token: fx.viewer,
    });
    expect(res.status).toBe(200);
    expect(res.body.family).toMatchObject({ _id: fx.standard.id, name: 'Acme Standard', defaultPlan: 'BASIC_MONTHLY' });
    expect(res.body.family!.plans.PRO_MONTHLY).toEqual(fx.standard.plans.PRO_MONTHLY);
    expect((await call(fx.t.app, 'GET', '/api/get-partner-plan-family/nope', { token: fx.owner })).status).toBe(404);
  });
});
