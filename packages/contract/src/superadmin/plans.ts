import { z } from 'zod';
import { subscriptionPlanNames, type SubscriptionPlanName } from '../plans.js';

/** The super-admin's plan names (doc 2 section 3), offered by the super-admin project screen's plan section. */
export const superadminPlanNames = [
  'FREE',
  'LITE',
  'PRO',
  'PLUS',
  'PREMIUM',
  ...([1, 2, 3, 4, 5, 6, 7, 8] as const).map((n) => `BASIC_MONTHLY_TIER_${n}` as const),
  'BASIC_YEARLY_TIER_1',
  'BASIC_YEARLY_TIER_2',
] as const;
export const SuperadminPlanName = z.enum(superadminPlanNames);
export type SuperadminPlanName = z.infer<typeof SuperadminPlanName>;

/**
 * Ours: the period a plan renews on, from its name. Names with YEARLY renew yearly; the free plans
 * (FREE, FREE_FOREVER), trials and NONE never renew; every other paid name renews monthly.
 */
export const planPeriodOf = (activePlan: string): 'MONTHLY' | 'YEARLY' | null => {
  if (activePlan === 'NONE' || activePlan.startsWith('FREE') || activePlan.includes('TRIAL')) return null;
  return activePlan.includes('YEARLY') ? 'YEARLY' : 'MONTHLY';
};

/**
 * Ours: the plan of the partner's plan family a project's plan is priced by (a renewal charges the
 * family's price of it). The family's own names price themselves; the super-admin's names map to
 * the family plan of their level: LITE and the BASIC tiers to BASIC, PRO and PLUS to PRO, PREMIUM
 * to ENTERPRISE, FREE to the Starter plan.
 */
export const familyPlanOf = (activePlan: string): SubscriptionPlanName | null => {
  if ((subscriptionPlanNames as readonly string[]).includes(activePlan)) return activePlan as SubscriptionPlanName;
  if (activePlan === 'FREE') return 'FREE_FOREVER';
  if (activePlan === 'LITE' || activePlan.startsWith('BASIC_MONTHLY_TIER_')) return 'BASIC_MONTHLY';
  if (activePlan.startsWith('BASIC_YEARLY_TIER_')) return 'BASIC_YEARLY';
  if (activePlan === 'PRO' || activePlan === 'PLUS') return 'PRO_MONTHLY';
  if (activePlan === 'PREMIUM') return 'ENTERPRISE_MONTHLY';
  return null;
};

/** Doc 2 section 2.2 and 9: the notes the screen shows for projects under pricing v3 (provider type v3). */
export const PRICING_V3_MAX_AGENTS = 5;
/** 35 paise, in 1/100000 of the rupee. */
export const PRICING_V3_TEMPLATE_MESSAGE_PRICE = 35_000;

export const staffRenewalTexts = {
  notV3: 'Only v3 projects are renewed here.',
  yearly: 'Yearly v3 plans cannot be renewed here.',
  noRenewal: 'This plan does not renew.',
  stopped: 'Billing of this project is stopped: it is reactivated from its Plan Setup.',
  archived: 'Project is archived',
  renewed: 'Plan renewed',
} as const;

/**
 * Why the super-admin's Renew plan may not run, or null when it may (doc 2 section 2.2: monthly v3
 * renewals are done there; yearly v3 cannot be renewed there).
 */
export const staffRenewalRefusal = (p: {
  providerType: string;
  activePlan: string;
  status: string;
  planStoppedOn: string | null;
  partnerArchived: boolean;
}): string | null => {
  if (p.partnerArchived || p.status === 'archived') return staffRenewalTexts.archived;
  if (p.providerType !== 'v3') return staffRenewalTexts.notV3;
  const period = planPeriodOf(p.activePlan);
  if (period === 'YEARLY') return staffRenewalTexts.yearly;
  if (period === null) return staffRenewalTexts.noRenewal;
  if (p.status === 'stopped' || p.planStoppedOn) return staffRenewalTexts.stopped;
  return null;
};
