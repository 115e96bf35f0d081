import type { ProviderAd, ProviderAdStatus } from './ads.js';
import { budgetOf, countOf, moneyOf } from './money.js';

/** The Graph API's answers as the live Meta Ads client (graph.ts) reads them, and the ad they make. */

export const ALL_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
];
export type Paged<T> = { data?: T[]; paging?: { next?: string; cursors?: { after?: string } } };
type Business = { id?: string; name?: string };
export type Agency = { id?: string; access_status?: string };
export type GraphAdAccount = {
  id?: string;
  account_id?: string;
  name?: string;
  currency?: string;
  business?: Business;
};
export type GraphPage = {
  id: string;
  name?: string;
  business?: Business;
  whatsapp_number?: string;
  access_token?: string;
};
export type GraphAd = {
  id: string;
  name?: string;
  created_time?: string;
  status?: string;
  effective_status?: string;
  adset?: { daily_budget?: string; start_time?: string; end_time?: string };
  campaign?: { daily_budget?: string };
};
export type GraphInsight = {
  ad_id?: string;
  date_start?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  unique_clicks?: string;
  spend?: string;
  quality_ranking?: string;
  engagement_rate_ranking?: string;
  actions?: { action_type?: string; value?: string }[];
};

/** Meta's effective statuses this console does not name read as the nearest it does. */
const statusOf = (s: string | undefined): ProviderAdStatus => {
  const known: ProviderAdStatus[] = [
    'ACTIVE',
    'PAUSED',
    'CAMPAIGN_PAUSED',
    'ADSET_PAUSED',
    'DELETED',
    'ARCHIVED',
    'PENDING_REVIEW',
    'DISAPPROVED',
    'WITH_ISSUES',
  ];
  if (known.includes(s as ProviderAdStatus)) return s as ProviderAdStatus;
  return s === 'PREAPPROVED' || s === 'IN_PROCESS' ? 'PENDING_REVIEW' : 'WITH_ISSUES';
};

/** Meta's times ("2024-05-01T10:00:00+0530") as ISO 8601 in UTC. */
const isoOf = (t: string | undefined) => {
  if (!t) return null;
  const ms = Date.parse(t.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

const actionOf = (i: GraphInsight | undefined, type: string) =>
  countOf(i?.actions?.find((a) => a.action_type === type)?.value);

/** Today's date (YYYY-MM-DD) in a time zone; UTC when Meta's name is not one this runtime knows. */
export const todayIn = (timeZone: string | undefined, now: Date) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
};

/** One ad with its lifetime insights (none yet: zeros, UNKNOWN rankings), amounts exact. */
export const providerAdOf = (ad: GraphAd, i: GraphInsight | undefined, accountId: string): ProviderAd => {
  const budget = ad.adset?.daily_budget ?? ad.campaign?.daily_budget;
  return {
    adId: String(ad.id),
    adName: ad.name ?? '',
    adAccountId: accountId,
    status: statusOf(ad.effective_status),
    startTime: isoOf(ad.adset?.start_time) ?? isoOf(ad.created_time) ?? new Date(0).toISOString(),
    stopTime: isoOf(ad.adset?.end_time),
    dailyBudget: budget ? budgetOf(budget) : 0,
    qualityRanking: i?.quality_ranking ?? 'UNKNOWN',
    engagementRateRanking: i?.engagement_rate_ranking ?? 'UNKNOWN',
    impressions: countOf(i?.impressions),
    reach: countOf(i?.reach),
    clicks: countOf(i?.clicks),
    uniqueClicks: countOf(i?.unique_clicks),
    spend: i?.spend ? moneyOf(i.spend) : 0,
    messagingConversationsStarted: actionOf(i, 'onsite_conversion.messaging_conversation_started_7d'),
    messagingFirstReplies: actionOf(i, 'onsite_conversion.messaging_first_reply'),
    leads: actionOf(i, 'onsite_conversion.lead_grouped'),
  };
};
