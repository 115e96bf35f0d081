import { z } from 'zod';
import { isCalendarDay } from '../day-range.js';
import { ConnectionStage } from './project.js';

/** The Meta Ads area's tables (doc 3 sections 2, 3 and 7). Money in 1/100000, as everywhere. */

export const projectTabs = [
  'All',
  'FB not connected',
  'Page not selected',
  'WA Number not linked',
  'Connected',
] as const;
export const adTabs = ['All', 'Live', 'Paused', 'Stopped', 'Others'] as const;
export const META_ADS_PAGE_SIZE = 10;

/** Which tab each of Meta's ad statuses is under (ours: the spec names the tabs only). */
export const adTabOf = (status: string): (typeof adTabs)[number] => {
  if (status === 'ACTIVE') return 'Live';
  if (status === 'PAUSED' || status === 'CAMPAIGN_PAUSED' || status === 'ADSET_PAUSED') return 'Paused';
  if (status === 'DELETED' || status === 'ARCHIVED') return 'Stopped';
  return 'Others';
};

const Day = z.string().refine(isCalendarDay, 'Select a valid date');
const Range = z
  .object({ from: Day, to: Day })
  .refine((r) => r.from <= r.to, 'The start date must not be after the end date');

/** The Filter dialog (Ads tab only): ad start and stop date ranges; stop dates may be in the future. */
export const MetaAdsFilter = z.object({
  adStartDate: Range.nullish(),
  adStopDate: Range.nullish(),
});
export type MetaAdsFilter = z.infer<typeof MetaAdsFilter>;

const listBody = <T extends readonly [string, ...string[]]>(tabs: T) =>
  z.object({
    skip: z.number().int().min(0).max(1_000_000).default(0),
    rowsPerPage: z.number().int().min(1).max(100_000).default(META_ADS_PAGE_SIZE),
    tab: z.enum(tabs).default(tabs[0]),
    search: z.string().trim().max(200).default(''),
    filterObj: MetaAdsFilter.nullish(),
  });
export const MetaAdAccountListRequest = listBody(projectTabs);
export type MetaAdAccountListRequest = z.input<typeof MetaAdAccountListRequest>;
export const MetaAdListRequest = listBody(adTabs);
export type MetaAdListRequest = z.input<typeof MetaAdListRequest>;
export const MetaAdsCountsRequest = z.object({
  search: z.string().trim().max(200).default(''),
  filterObj: MetaAdsFilter.nullish(),
});
export type MetaAdsCountsRequest = z.input<typeof MetaAdsCountsRequest>;

export const MetaAdAccountCounts = z.object({
  allCount: z.number().int(),
  fbNotConnectedCount: z.number().int(),
  pageNotSelectedCount: z.number().int(),
  waNumberNotLinkedCount: z.number().int(),
  completedCount: z.number().int(),
});
export type MetaAdAccountCounts = z.infer<typeof MetaAdAccountCounts>;
export const MetaAdCountsResponse = z.array(
  z.object({
    all: z.number().int(),
    liveCount: z.number().int(),
    pausedCount: z.number().int(),
    stoppedCount: z.number().int(),
    othersCount: z.number().int(),
  }),
);
export type MetaAdCountsResponse = z.infer<typeof MetaAdCountsResponse>;

/** Meta ad account row (doc 3 section 3): one per project, its ads summed. */
export const MetaAdAccountRow = z.object({
  assistantId: z.string(),
  businessName: z.string(),
  projectName: z.string(),
  connectionStage: ConnectionStage,
  currency: z.enum(['INR', 'USD']),
  aggAdCreditRecharged: z.number().int(),
  totalSpend: z.number().int(),
  metaAdsCredit: z.number().int(),
  activeAds: z.number().int(),
  /** Null: no leads yet. */
  costPerLead: z.number().int().nullable(),
  totalLeadsGenerated: z.number().int(),
  /** Clicks per impression in per cent, two decimals; null: no impressions. */
  clickThroughRate: z.number().nullable(),
});
export type MetaAdAccountRow = z.infer<typeof MetaAdAccountRow>;
export const MetaAdAccountListResponse = z.object({ logs: z.array(MetaAdAccountRow), totalCount: z.number().int() });
export type MetaAdAccountListResponse = z.infer<typeof MetaAdAccountListResponse>;

/** Ad row (doc 3 section 3). */
export const MetaAdRow = z.object({
  adId: z.string(),
  assistantId: z.string(),
  adName: z.string(),
  businessName: z.string(),
  projectName: z.string(),
  currency: z.enum(['INR', 'USD']),
  adStatus: z.string(),
  qualityRanking: z.string(),
  engagementRateRanking: z.string(),
  adStartDate: z.string(),
  adStopDate: z.string().nullable(),
  dailyBudget: z.number().int(),
  impressions: z.number().int(),
  reach: z.number().int(),
  uniqueClicks: z.number().int(),
  clicks: z.number().int(),
  /** The ad's spend to date (shown as Total Spend). */
  totalBudget: z.number().int(),
  /** Null: no clicks yet. */
  costPerClick: z.number().int().nullable(),
  totalMessages: z.number().int(),
  messagingFirstReply: z.number().int(),
  totalMessagingConnection: z.number().int(),
});
export type MetaAdRow = z.infer<typeof MetaAdRow>;
export const MetaAdListResponse = z.object({ logs: z.array(MetaAdRow), metaAdsCount: z.number().int() });
export type MetaAdListResponse = z.infer<typeof MetaAdListResponse>;
