import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannersFor, planPeriodOf } from '@pc/contract';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { billingLogs, partnerBalances, partners, projects } from '../platform/db/schema.js';
import { earliestAddonRenewal, runRenewals } from '../modules/renewals/index.js';
import { readCentralBalance } from '../modules/billing/central-balance.js';

/** What the renewals job finds in the demo world (seed/renewals.ts): renewals soon, nothing to charge at start. */
const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.db;
const named = async (name: string) => (await db().select().from(projects).where(eq(projects.name, name)))[0]!;
const daysAhead = (d: Date | null) => Math.round((d!.getTime() - Date.now()) / DAY);

describe('the demo for the renewals job', () => {
  it('dates every active add-on after its last charge, the project’s earliest beside them', async () => {
    const holding = await db()
      .select()
      .from(projects)
      .where(sql`${projects.addons} <> '{}'::jsonb`);
    expect(holding.length).toBeGreaterThan(3);
    for (const p of holding) {
      for (const state of Object.values(p.addons)) if (state.status === 'ACTIVE') expect(state.renewalOn).toBeTruthy();
      expect(p.addonRenewalOn, p.name).toEqual(earliestAddonRenewal(p.addons));
    }
    expect(daysAhead(new Date((await named('Kite Campaign 06')).addons.FLOW_BUILDER!.renewalOn!))).toBe(10);
    expect(daysAhead(new Date((await named('Metro Clinics')).addons.WEBHOOKS!.renewalOn!))).toBe(12);
  });

  it('has plans renewing in the coming days, a partnership renewing soon and one unpaid project past its renewal', async () => {
    const soon = await db()
      .select({ name: projects.name, plan: projects.activePlan })
      .from(projects)
      .where(and(gt(projects.planRenewalOn, new Date()), lte(projects.planRenewalOn, new Date(Date.now() + 6 * DAY))))
      .orderBy(asc(projects.planRenewalOn));
    // Zen Yoga's Starter plan has a date too, but never renews.
    expect(soon.filter((p) => planPeriodOf(p.plan)).map((p) => p.name)).toEqual([
      'Northwind Outfitters',
      'Kite Campaign 04',
      'Cedar Dispatch',
    ]);
    const [ads] = await db().select().from(partners).where(eq(partners.name, 'AdsWorks'));
    expect(bannersFor({ ...ads!, centralBalance: await readCentralBalance(db(), ads!.id) }).map((b) => b.kind)).toEqual(
      ['renewalSoon'],
    );
    const lotus = await named('Lotus Tutors');
    expect(lotus).toMatchObject({ status: 'unpaid', activePlan: 'BASIC_MONTHLY' });
    expect(daysAhead(lotus.planRenewalOn)).toBe(-3);
  });

  it('charges nothing when the job first runs at start, and stops the unpaid project after its grace', async () => {
    const before = await db().select().from(partnerBalances).orderBy(partnerBalances.partnerId);
    const [logs] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(billingLogs);
    t.clock.now = new Date();
    await runRenewals(t.deps, { datePeriods: true });
    expect(await db().select().from(partnerBalances).orderBy(partnerBalances.partnerId)).toEqual(before);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(billingLogs)
      )[0],
    ).toEqual(logs);
    expect((await named('Lotus Tutors')).status).toBe('unpaid');

    t.clock.now = new Date(Date.now() + 5 * DAY);
    await runRenewals(t.deps);
    expect(await named('Lotus Tutors')).toMatchObject({ status: 'stopped', planStoppedOn: t.clock.now });
    // Kite Campaign 04 renewed from Acme's balance on its day.
    expect(daysAhead((await named('Kite Campaign 04')).planRenewalOn)).toBeGreaterThan(25);
  });
});
