import { z } from 'zod';
import { checkDayRange, dayRangeTexts } from './day-range.js';
import { Currency } from './currency.js';

/**
 * The dashboard's calls (spec doc 1 sections 2 and 9). The spec does not name them; they follow
 * its style. Money is in units of 1/100000; counts are plain integers.
 */
export const DASHBOARD_EARLIEST_DATE = '2023-03-25';

export const dashboardTexts = {
  ...dayRangeTexts,
  tooEarly: 'The range cannot start before 25 March 2023',
  referralOnly: 'Balance and usage are not shown to referral users',
} as const;

export const conversationCategories = ['marketing', 'utility', 'authentication', 'service'] as const;
export type ConversationCategory = (typeof conversationCategories)[number];

export const DashboardSummary = z.object({
  currency: Currency,
  centralBalance: z.number().int(),
  minAllowedBalance: z.number().int(),
  /** Live (WhatsApp verified) projects of the partner, deleted ones left out. */
  whatsappAccountLive: z.number().int(),
  /** Recharge Now: a chat link to the support number of this tenant and currency; null when none is configured. */
  rechargeUrl: z.string().nullable(),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, dashboardTexts.invalidDate);

export const DashboardUsageQuery = z.object({ fromDate: IsoDate, toDate: IsoDate });
export type DashboardUsageQuery = z.infer<typeof DashboardUsageQuery>;

const CategoryUsage = z.object({ count: z.number().int(), amount: z.number().int() });
export type CategoryUsage = z.infer<typeof CategoryUsage>;
const UsageByCategory = z.object({
  marketing: CategoryUsage,
  utility: CategoryUsage,
  authentication: CategoryUsage,
  service: CategoryUsage,
});
export type UsageByCategory = z.infer<typeof UsageByCategory>;

export const DashboardUsage = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** Conversations charged to the central balance, per category. */
  balanceUsage: UsageByCategory,
  /** Conversations charged to project template (WCC) credit, per category. */
  templateCreditUsage: UsageByCategory,
});
export type DashboardUsage = z.infer<typeof DashboardUsage>;

/** Days are calendar days (YYYY-MM-DD); `today` is the server's or browser's day. */
export const checkDashboardRange = (fromDate: string, toDate: string, today: string): string | null =>
  checkDayRange(fromDate, toDate, today, { day: DASHBOARD_EARLIEST_DATE, tooEarly: dashboardTexts.tooEarly });

/** The default range: the last week, ending today. */
export const lastWeek = (today: string): { fromDate: string; toDate: string } => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 6);
  return { fromDate: d.toISOString().slice(0, 10), toDate: today };
};
