/**
 * The Meta Ads side of Meta (ARCHITECTURE rule 8): a partner's client connects its Facebook user on
 * the project's Meta Ad tab, picks an ad account and a page, links the page to the project's
 * WhatsApp number, and runs click-to-WhatsApp ads whose spend this server debits from the project's
 * Meta Ads credit. The sandbox (default) behaves like the Marketing API; the Graph client is used
 * when META_MODE=live. Amounts are in 1/100000 of the ad account's currency (never floats).
 */

/** What a Facebook login granted: the user and the permissions (Facebook's `grantedScopes`). */
export type FacebookUser = { userId: string; name: string; grantedScopes: string[] };

/** An ad account the user reaches (`act_` + digits). `metaBusinessId` null: a personal one. */
export type ProviderAdAccount = {
  accountId: string;
  accountName: string;
  currency: 'INR' | 'USD';
  metaBusinessId: string | null;
  metaBusinessName: string | null;
  /** Assigned to the platform's system user in the business (it can act without the user's token). */
  isAssigned: boolean;
};

/** A Facebook page the user manages, with the WhatsApp number linked to it, if any. */
export type ProviderPage = {
  pageId: string;
  pageName: string;
  metaBusinessId: string | null;
  metaBusinessName: string | null;
  isAssigned: boolean;
  whatsappNumber: string | null;
};

/** Meta's effective status of an ad, as Meta names it. */
export type ProviderAdStatus =
  | 'ACTIVE'
  | 'PAUSED'
  | 'CAMPAIGN_PAUSED'
  | 'ADSET_PAUSED'
  | 'DELETED'
  | 'ARCHIVED'
  | 'PENDING_REVIEW'
  | 'DISAPPROVED'
  | 'WITH_ISSUES';

/** An ad with its totals since it started (insights over its lifetime, Meta's `date_preset=maximum`). */
export type ProviderAd = {
  adId: string;
  adName: string;
  adAccountId: string;
  status: ProviderAdStatus;
  /** ISO 8601; stop null: runs until paused. */
  startTime: string;
  stopTime: string | null;
  /** The ad set's daily budget, in 1/100000. */
  dailyBudget: number;
  /** ABOVE_AVERAGE, AVERAGE, BELOW_AVERAGE_10 ... or UNKNOWN, as Meta ranks them. */
  qualityRanking: string;
  engagementRateRanking: string;
  impressions: number;
  reach: number;
  clicks: number;
  uniqueClicks: number;
  /** In 1/100000. */
  spend: number;
  /** onsite_conversion.messaging_conversation_started_7d */
  messagingConversationsStarted: number;
  /** onsite_conversion.messaging_first_reply */
  messagingFirstReplies: number;
  /** onsite_conversion.lead_grouped */
  leads: number;
};

/** One ad's spend on one day (the account's time zone), in 1/100000: what the ledger debits. */
export type ProviderDailySpend = { adId: string; day: string; spend: number };

export type MetaAdsProvider = {
  mode: 'sandbox' | 'live';
  /** Who the login's access token is and what it granted; throws InvalidAccessToken. */
  user: (accessToken: string) => Promise<FacebookUser>;
  /**
   * The login's token (an hour or two) exchanged for a long-lived one (about 60 days): what the
   * project keeps for the sync. Throws InvalidAccessToken.
   */
  longLivedToken: (accessToken: string) => Promise<string>;
  adAccounts: (accessToken: string) => Promise<ProviderAdAccount[]>;
  pages: (accessToken: string) => Promise<ProviderPage[]>;
  /** Puts the ad account or page into the business's system user's assets (the "Assign New …" actions). */
  assignAdAccount: (accessToken: string, accountId: string) => Promise<void>;
  assignPage: (accessToken: string, pageId: string) => Promise<void>;
  /**
   * Links a WhatsApp number to a page: without a code Meta sends one (4 digits) to the number and
   * answers 'SENT'; with the right code it links them and answers 'VERIFIED'. A wrong code throws
   * MetaApiError.
   */
  linkWhatsappNumber: (
    accessToken: string,
    pageId: string,
    number: string,
    code?: string,
  ) => Promise<'SENT' | 'VERIFIED'>;
  /** The account's click-to-WhatsApp ads with their lifetime totals. */
  ads: (accessToken: string, accountId: string) => Promise<ProviderAd[]>;
  /** Each ad's spend per day from `since` (YYYY-MM-DD) to today. */
  dailySpend: (accessToken: string, accountId: string, since: string) => Promise<ProviderDailySpend[]>;
  /** Pauses every running ad of the account (the credit ran out). */
  pauseAds: (accessToken: string, accountId: string) => Promise<void>;
};
