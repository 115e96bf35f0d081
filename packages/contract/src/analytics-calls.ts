import { z } from 'zod';
import { checkDayRange, dayRangeTexts } from './day-range.js';

/**
 * The Analytics page's call (spec doc 3 sections 3, 7 and 9; doc 1 section 7):
 * GET /partner/{partnerId}/wcc-analytics?startDate&endDate(&projectId), answered with
 * { wccAnalytics: [day rows] }. The partner in the path is ignored: it is the session's.
 */
export const ANALYTICS_EARLIEST_DATE = '2023-04-25';

export const analyticsTexts = {
  ...dayRangeTexts,
  tooEarly: 'The range cannot start before 25 April 2023',
} as const;

/** Initiator (business / user) and category (authentication, marketing, utility, service) metrics. */
export const analyticsMetrics = ['bic', 'uic', 'ac', 'mc', 'uc', 'sc'] as const;
export type AnalyticsMetric = (typeof analyticsMetrics)[number];
export const analyticsVariants = ['TemplateCredit', 'CentralBalance'] as const;
export type AnalyticsVariant = (typeof analyticsVariants)[number];
export const categoryMetrics = { mc: 'Marketing', uc: 'Utility', ac: 'Authentication', sc: 'Service' } as const;

const CountryUsage = z.object({ count: z.number().int(), amount: z.number().int() });
export const CreditMetric = z.object({
  count: z.number().int(),
  /** In 1/100000 of the partner's currency. */
  creditUsage: z.number().int(),
  creditUsageCountryWise: z.record(z.string(), CountryUsage),
});
export type CreditMetric = z.infer<typeof CreditMetric>;

const metricFields = Object.fromEntries(
  analyticsMetrics.flatMap((m) => analyticsVariants.map((v) => [`${m}${v}`, CreditMetric])),
) as Record<`${AnalyticsMetric}${AnalyticsVariant}`, typeof CreditMetric>;

export const AnalyticsDayRow = z.object({
  dayDate: z.string(),
  sentChatCount: z.number().int(),
  deliveredChatCount: z.number().int(),
  readChatCount: z.number().int(),
  failedChatCount: z.number().int(),
  /** Users' messages received that day (service traffic; never priced, so in no credit metric). */
  receivedChatCount: z.number().int(),
  ...metricFields,
});
export type AnalyticsDayRow = z.infer<typeof AnalyticsDayRow>;

// Both days are required: a half-empty range is refused with the same text as a wrong day, never
// answered as an empty (all-zero) range.
const IsoDate = z
  .string({ error: analyticsTexts.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, analyticsTexts.invalidDate);
export const WccAnalyticsQuery = z.object({
  startDate: IsoDate,
  endDate: IsoDate,
  projectId: z.string().min(1).max(100).optional(),
});
export type WccAnalyticsQuery = z.infer<typeof WccAnalyticsQuery>;

export const WccAnalyticsResponse = z.object({ wccAnalytics: z.array(AnalyticsDayRow) });
export type WccAnalyticsResponse = z.infer<typeof WccAnalyticsResponse>;

export const metricKey = (metric: AnalyticsMetric, variant: AnalyticsVariant) => `${metric}${variant}` as const;

/** Null when the range is allowed: from 25 April 2023, never in the future, start not after end. */
export const checkAnalyticsRange = (startDate: string, endDate: string, today: string): string | null =>
  checkDayRange(startDate, endDate, today, { day: ANALYTICS_EARLIEST_DATE, tooEarly: analyticsTexts.tooEarly });

const countUnits = [
  { size: 1e3, suffix: 'K' },
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
] as const;

/**
 * The chart's axis: 1.2K, 3.4M, 5B. A value that rounds up to 1000 of a unit moves to the next one
 * (999,999 is 1M, not 1000K).
 */
export const abbreviateCount = (n: number): string => {
  let i = countUnits.findLastIndex((u) => Math.abs(n) >= u.size);
  if (i < 0) return String(n);
  let value = Number((n / countUnits[i]!.size).toFixed(1));
  if (Math.abs(value) >= 1000 && i < countUnits.length - 1) value = Number((n / countUnits[++i]!.size).toFixed(1));
  return `${value}${countUnits[i]!.suffix}`;
};

/** A single day's data gets a zero day (the day before) prepended so the chart draws a line. */
export const withZeroDay = <T extends { dayDate: string }>(rows: T[], zero: (dayDate: string) => T): T[] => {
  if (rows.length !== 1) return rows;
  const d = new Date(`${rows[0]!.dayDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return [zero(d.toISOString().slice(0, 10)), ...rows];
};

/** Up to 26 chart colours (spec doc 3 section 9); series beyond them repeat. */
export const chartColours = [
  '#1976d2',
  '#2e7d32',
  '#ed6c02',
  '#d32f2f',
  '#9c27b0',
  '#0288d1',
  '#7b1fa2',
  '#c2185b',
  '#00796b',
  '#f57c00',
  '#5d4037',
  '#455a64',
  '#388e3c',
  '#fbc02d',
  '#512da8',
  '#0097a7',
  '#e64a19',
  '#303f9f',
  '#689f38',
  '#afb42b',
  '#ffa000',
  '#616161',
  '#8e24aa',
  '#00838f',
  '#ad1457',
  '#6d4c41',
] as const;
