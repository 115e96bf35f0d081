import { and, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/open.js';
import { billingLogs, partners, projects } from '../platform/db/schema.js';
import type { ProjectAddonState } from '../platform/db/schema/projects.js';
import { earliestAddonRenewal, periodAfter } from '../modules/renewals/index.js';
import { makePlanFamily } from './catalogue.js';
import { demoClock } from './demo-world.js';

/** The history renews add-ons every 30 days (history/index.ts); their next renewal follows its last charge. */
const HISTORY_ADDON_PERIOD_DAYS = 30;
const DAY = 86_400_000;

/**
 * The renewal dates of the demo's active add-ons: 30 days after the add-on's last charge in the
 * history (Kite Campaign 06's flow builder in 10 days, Metro Clinics' webhooks in 12), or, for an
 * add-on that was given rather than bought (the META_ADS add-ons, which Acme does not sell), a
 * calendar month from now. `addon_renewal_on` is set beside them, as the console sets it.
 */
const dateDemoAddons = async (tx: DbOrTx, now: Date) => {
  const holding = await tx
    .select({ id: projects.id, partnerId: projects.partnerId, addons: projects.addons })
    .from(projects)
    .where(and(eq(projects.partnerArchived, false)));
  for (const p of holding) {
    const names = Object.entries(p.addons).filter(([, s]) => s.status === 'ACTIVE' && !s.renewalOn);
    if (names.length === 0) continue;
    const addons: Record<string, ProjectAddonState> = { ...p.addons };
    for (const [name, state] of names) {
      const [last] = await tx
        .select({ at: billingLogs.createdAt })
        .from(billingLogs)
        .where(
          and(
            eq(billingLogs.partnerId, p.partnerId),
            eq(billingLogs.projectId, p.id),
            inArray(billingLogs.reasonCode, ['ADDON_PURCHASE', 'ADDON_RENEWAL']),
            or(
              like(billingLogs.message, `Add-on ${name} activated%`),
              like(billingLogs.message, `Add-on ${name} renewed%`),
            ),
          ),
        )
        .orderBy(desc(billingLogs.createdAt))
        .limit(1);
      const renewalOn = last
        ? new Date(last.at.getTime() + HISTORY_ADDON_PERIOD_DAYS * DAY)
        : periodAfter(now, state.partnerPlans?.plan === 'Yearly' ? 'YEARLY' : 'MONTHLY');
      addons[name] = { ...state, renewalOn: renewalOn.toISOString() };
    }
    await tx
      .update(projects)
      .set({ addons, addonRenewalOn: earliestAddonRenewal(addons) })
      .where(eq(projects.id, p.id));
  }
};

/**
 * What the renewals job (modules/renewals) finds in the demo, docs/demo-data.md: besides the
 * renewals the world already holds in the coming days (Northwind Outfitters in 2 days, Kite Campaign
 * 04 in 4, Cedar Dispatch in 5, AdsWorks' partnership in 6: the renewal banner), the active add-ons'
 * dates, and one unpaid project: Growth Referrals' Lotus Tutors, on its family's Basic Monthly since
 * 33 days (its first month was given), whose renewal 3 days ago found the central balance empty. It
 * stays unpaid at every run (nothing to charge it from) and is stopped 7 days after that renewal,
 * unless the partner's balance is recharged first. Nothing here is due with money to pay it, so the
 * job's first run at start charges nothing: the demo's balances stay as they are.
 */
export const seedDemoRenewals = async (tx: DbOrTx, o: { now: Date }) => {
  const { daysAgo } = demoClock(o.now);
  await dateDemoAddons(tx, o.now);
  const [growth] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Growth Referrals'));
  if (!growth) return;
  const family = await makePlanFamily(tx, growth.id, 'Growth Plans');
  const renewalOn = daysAgo(3);
  await tx
    .update(projects)
    .set({
      familyId: family.id,
      activePlan: 'BASIC_MONTHLY',
      planActivatedOn: daysAgo(33),
      planRenewalOn: renewalOn,
      status: 'unpaid',
      disabledOn: renewalOn,
    })
    .where(and(eq(projects.partnerId, growth.id), eq(projects.name, 'Lotus Tutors')));
};
