import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingActivityListsResponse, BillingDetailResponse } from '@pc/contract';
import { csvRecords } from '../../../test/csv.js';
import { call } from '../../../test/harness.js';
import { agents, partnerAuditLog } from '../../platform/db/schema.js';
import { INR, useBillingFixture } from './fixture.js';

/** What a member's money move leaves behind: its activity entry's amounts and the billing-log rows naming the member. */

const { fx, billing, patch, freshProject } = useBillingFixture();

const ownerOf = async () =>
  (
    await fx.t.database.db
      .select({ id: agents.id, name: agents.name })
      .from(agents)
      .where(eq(agents.loginUsername, 'owner'))
  )[0]!;
const lastEntry = async (action: string) =>
  (
    await fx.t.database.db
      .select()
      .from(partnerAuditLog)
      .where(and(eq(partnerAuditLog.partnerId, fx.acme), eq(partnerAuditLog.action, action)))
      .orderBy(desc(partnerAuditLog.createdAt))
      .limit(1)
  )[0]!;

describe("a member's money move", () => {
  it('a credit move writes the central balance and the credit as they were and became, with the currency', async () => {
    const p = await freshProject();
    await patch(billing(p.id, 'pwc'), { amount: 10 * INR, action: 'ADD' });
    const central = await fx.kit.central(fx.acme);
    const res = await patch(billing(p.id, 'pwc'), { amount: 4 * INR, action: 'SUBTRACT' });
    expect(res.status).toBe(200);
    const entry = await lastEntry('credit.pwc');
    expect(entry).toMatchObject({
      memberId: (await ownerOf()).id,
      targetKind: 'project',
      targetId: p.id,
      targetName: p.name,
      before: { currency: 'INR', centralBalance: central, partnerWhatsappCredit: 10 * INR },
      after: { currency: 'INR', centralBalance: central + 4 * INR, partnerWhatsappCredit: 6 * INR },
    });
  });

  it("a plan switch writes the plan and the central balance it took; the add-on's entry its state and price", async () => {
    const p = await freshProject();
    const central = await fx.kit.central(fx.acme);
    await patch(billing(p.id, 'switch-plan'), { newFamilyId: fx.premium.id, newPlanId: 'PRO_MONTHLY' });
    const price = fx.premium.plans.PRO_MONTHLY!.INR;
    expect(await lastEntry('project.plan')).toMatchObject({
      before: { planFamily: 'Acme Standard', activePlan: 'BASIC_MONTHLY', currency: 'INR', centralBalance: central },
      after: {
        planFamily: 'Acme Premium',
        activePlan: 'PRO_MONTHLY',
        currency: 'INR',
        centralBalance: central - price,
      },
    });
    const on = await call(fx.t.app, 'POST', `/partner/:partnerId/project/${p.id}/addon`, {
      token: fx.owner,
      body: { addon: 'FLOW_BUILDER', flowCount: 5 },
    });
    expect(on.status).toBe(200);
    expect(await lastEntry('project.addon')).toMatchObject({
      before: { addon: null, centralBalance: central - price },
      after: {
        addon: { name: 'FLOW_BUILDER', status: 'ACTIVE', flowCount: 5, partnerPlans: { plan: 'Monthly' } },
        centralBalance: central - price - 499 * INR,
      },
    });
  });

  it('its billing-log rows name the member, in the list and the entry; what the system wrote names no one', async () => {
    const owner = await ownerOf();
    const p = await freshProject();
    await patch(billing(p.id, 'wcc'), { amount: 3 * INR, action: 'ADD' });
    const rows = (await fx.kit.logs(fx.acme)).filter((r) => r.projectId === p.id);
    expect(rows.map((r) => [r.balance, r.byMemberId, r.byMemberName]).sort()).toEqual([
      ['CENTRAL', owner.id, owner.name],
      ['WCC', owner.id, owner.name],
    ]);
    const list = await call<BillingActivityListsResponse>(fx.t.app, 'POST', '/api/partner-billing-activity-lists', {
      token: fx.owner,
      body: { assistantId: p.id },
    });
    expect(list.body.partnerBillingLogs.map((l) => l.byName)).toEqual([owner.name, owner.name]);
    const [one] = (
      await call<BillingDetailResponse>(fx.t.app, 'GET', `/api/:partnerId/partnerbilling-lists/${rows[0]!.id}`, {
        token: fx.owner,
      })
    ).body;
    expect(one.byName).toBe(owner.name);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await fx.t.app.inject({
      method: 'POST',
      url: `/partner/:partnerId/partner-billing-report?assistantId=${p.id}`,
      headers: { authorization: `Bearer ${fx.owner}`, accept: 'text/csv' },
      payload: { startDate: today, endDate: today },
    });
    expect(csvRecords(csv.body).map((r) => r.byName)).toEqual([owner.name, owner.name]);
    // The fixture's recharge was posted by no member (as renewals and charging post theirs).
    expect((await fx.kit.logs(fx.acme)).find((r) => r.message === 'Test recharge')).toMatchObject({
      byMemberId: null,
      byMemberName: null,
    });
  });
});
