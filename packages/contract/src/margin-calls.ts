import { z } from 'zod';
import { checkDayRange, dayRangeTexts } from './day-range.js';

/**
 * The margin report: what a partner's clients paid against what the provider charged it,
 * per business, project, category or country, for a range of UTC days. Money in 1/100000 of the
 * partner's currency, like every amount of the contract.
 */
export const marginGroups = ['business', 'project', 'category', 'country'] as const;
export type MarginGroup = (typeof marginGroups)[number];

/** The first day the console keeps conversations for (the analytics' first day). */
export const MARGIN_EARLIEST_DATE = '2023-04-25';

export const marginTexts = {
  title: 'Margins',
  tooEarly: 'Margins start on 25 April 2023',
  groupBy: 'Group by',
  groups: { business: 'Business', project: 'Project', category: 'Category', country: 'Country' },
  conversations: 'Conversations',
  revenue: 'Revenue',
  providerCost: 'Provider cost',
  grossMargin: 'Gross margin',
  marginPercent: 'Margin %',
  free: 'Free',
  freeSaved: 'Free saved',
  leakage: 'Leakage',
  unbilled: 'Unbilled',
  belowCost: 'Below cost',
  total: 'Total',
  empty: 'No conversations in this range.',
  loadFailed: 'Unable to load margins',
  download: 'Download CSV',
  downloadFailed: 'Unable to download the report',
} as const;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, dayRangeTexts.invalidDate);

export const MarginQuery = z.object({
  startDate: IsoDate,
  endDate: IsoDate,
  groupBy: z.enum(marginGroups).default('business'),
});
export type MarginQuery = z.input<typeof MarginQuery>;

/** What every margin row counts and sums (the rollups keep the same, docs/margins.md). */
export const marginMeasures = [
  'conversations',
  'charged',
  'free',
  'unbilled',
  'revenue',
  'providerCost',
  'freeSaved',
  'unbilledAmount',
  'belowCost',
  'belowCostAmount',
] as const;

export const MarginFigures = z.object({
  conversations: z.number().int(),
  charged: z.number().int(),
  free: z.number().int(),
  unbilled: z.number().int(),
  /** What the clients paid (charged conversations). */
  revenue: z.number().int(),
  /** What the provider charges for every conversation it did not make free, paid or not. */
  providerCost: z.number().int(),
  /** Revenue minus provider cost. */
  grossMargin: z.number().int(),
  /** Gross margin over revenue, in per cent to one decimal; null without revenue. */
  marginPercent: z.number().nullable(),
  /** What the free conversations would have cost the clients at the projects' prices. */
  freeSaved: z.number().int(),
  /** Leakage: the price of UNBILLED conversations. */
  unbilledAmount: z.number().int(),
  /** Leakage: conversations charged below the provider's cost, and how far below in all. */
  belowCost: z.number().int(),
  belowCostAmount: z.number().int(),
});
export type MarginFigures = z.infer<typeof MarginFigures>;

export const MarginRow = MarginFigures.extend({ key: z.string(), label: z.string() });
export type MarginRow = z.infer<typeof MarginRow>;

export const MarginResponse = z.object({
  currency: z.enum(['INR', 'USD']),
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(marginGroups),
  totals: MarginFigures,
  /** Largest revenue first. */
  rows: z.array(MarginRow),
});
export type MarginResponse = z.infer<typeof MarginResponse>;

/** Null when the range is allowed: from 25 April 2023, never in the future, start not after end. */
export const checkMarginRange = (startDate: string, endDate: string, today: string): string | null =>
  checkDayRange(startDate, endDate, today, { day: MARGIN_EARLIEST_DATE, tooEarly: marginTexts.tooEarly });

/** Gross margin and margin % of summed figures: one rule, for the server's rows and totals alike. */
export const withMargin = (f: Omit<MarginFigures, 'grossMargin' | 'marginPercent'>): MarginFigures => {
  const grossMargin = f.revenue - f.providerCost;
  return {
    ...f,
    grossMargin,
    marginPercent: f.revenue > 0 ? Math.round((grossMargin / f.revenue) * 1000) / 10 : null,
  };
};

/** The margin report's body: the range of UTC days (the same rules as the page's). */
export const MarginReportRequest = MarginQuery.pick({ startDate: true, endDate: true });
export type MarginReportRequest = z.infer<typeof MarginReportRequest>;

/** The CSV export: one line per day, project, category and country, money in currency (2 decimals). */
export const marginReportColumns = [
  'day',
  'businessName',
  'projectId',
  'projectName',
  'category',
  'country',
  'conversations',
  'charged',
  'free',
  'unbilled',
  'revenue',
  'providerCost',
  'grossMargin',
  'freeSaved',
  'unbilledAmount',
  'belowCost',
  'belowCostAmount',
] as const;

export const marginReportName = (from: string, to: string) => `Margin_Report_${from}_to_${to}.csv`;
