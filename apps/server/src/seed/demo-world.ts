import type { PlanFamily } from '@pc/contract';
import type { HistoryProject } from './history/money.js';

export const DAY = 86_400_000;

/** Dates relative to the seed's fixed `now`, so one `now` always gives the same world. */
export const demoClock = (now: Date) => ({
  daysAgo: (n: number) => new Date(now.getTime() - n * DAY),
  daysAhead: (n: number) => new Date(now.getTime() + n * DAY),
});

/** A project live on WhatsApp for `days` days on `plan`, its period renewing every 30 (365) days since. */
export const liveSince = (now: Date) => {
  const { daysAgo, daysAhead } = demoClock(now);
  return (days: number, plan: string) => ({
    isWhatsappVerified: true,
    activePlan: plan,
    planActivatedOn: daysAgo(days),
    planRenewalOn: daysAhead(plan.endsWith('YEARLY') ? 365 - days : 30 - (days % 30)),
    firstPaidPlanStartedOn: daysAgo(days),
    channelActivatedOn: daysAgo(days),
    whatsappNumber: `9198${String(days).padStart(8, '0')}`,
    messagingLimit: 'TIER_1K',
    qualityRating: 'GREEN',
    fbManagerVerified: true,
    displayNameStatus: 'APPROVED',
  });
};

/** The demo's partners, as the seeding of their clients needs them. */
export type DemoPartners = {
  acmeId: string;
  directId: string;
  adsId: string;
  referralId: string;
  referralAgentId: string;
  now: Date;
};

/** The demo's projects by name, as the history needs them. */
export type DemoProjects = Record<string, HistoryProject>;
/** A plan family as the history prices plans from it. */
export type DemoFamily = { id: string; name: string; plans: PlanFamily['plans'] };
