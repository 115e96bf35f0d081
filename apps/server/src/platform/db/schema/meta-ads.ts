import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { partners } from './identity.js';
import { projects } from './projects.js';

/**
 * A project's Meta Ads connection (doc 3 section 3, "Meta ads fields on the project"): the Facebook
 * user who connected it and what they granted (the token sealed), the ad account and page chosen
 * and frozen, the WhatsApp number linked to the page, and the budgets. No row: not connected.
 */
export const projectMetaAds = pgTable(
  'project_meta_ads',
  {
    projectId: text('project_id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    fbUserId: text('fb_user_id'),
    fbUserName: text('fb_user_name'),
    fbGrantedScopes: jsonb('fb_granted_scopes').$type<string[]>().notNull().default([]),
    /** The console user (agent id) who connected Facebook: only they freeze, unfreeze and disconnect. */
    fbConnectedBy: text('fb_connected_by'),
    fbTokenSealed: text('fb_token_sealed'),
    fbConnectedAt: at('fb_connected_at'),
    selectedAdAccountId: text('selected_ad_account_id'),
    selectedAdAccountName: text('selected_ad_account_name'),
    selectedPageId: text('selected_page_id'),
    selectedPageName: text('selected_page_name'),
    freezedAdAccountId: text('freezed_ad_account_id'),
    freezedPageId: text('freezed_page_id'),
    /** The page the number is being linked to, and where that stands (NONE, SENT, VERIFIED). */
    otpState: text('otp_state').notNull().default('NONE'),
    otpPageId: text('otp_page_id'),
    linkedWhatsappNumber: text('linked_whatsapp_number'),
    linkedAt: at('linked_at'),
    /** In 1/100000 of the project's currency; null: not set. */
    minDailyBudgetLimit: bigint('min_daily_budget_limit', { mode: 'number' }),
    totalAssignedBudget: bigint('total_assigned_budget', { mode: 'number' }),
    /** When the credit ran out and the ads were paused at Meta (cleared by a top-up). */
    adsPausedForCreditAt: at('ads_paused_for_credit_at'),
    lastSyncedAt: at('last_synced_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'project_meta_ads_pkey', columns: [t.projectId, t.partnerId] }),
    foreignKey({
      name: 'project_meta_ads_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
  ],
);

/**
 * A project's click-to-WhatsApp ads as Meta last reported them (the sync job), with their lifetime
 * totals: what the Ads tab lists and the Projects tab sums. Money in 1/100000.
 */
export const metaAds = pgTable(
  'meta_ads',
  {
    adId: text('ad_id').notNull(),
    projectId: text('project_id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    adAccountId: text('ad_account_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    startTime: at('start_time').notNull(),
    stopTime: at('stop_time'),
    dailyBudget: bigint('daily_budget', { mode: 'number' }).notNull(),
    qualityRanking: text('quality_ranking').notNull(),
    engagementRateRanking: text('engagement_rate_ranking').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    reach: bigint('reach', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    uniqueClicks: bigint('unique_clicks', { mode: 'number' }).notNull().default(0),
    spend: bigint('spend', { mode: 'number' }).notNull().default(0),
    messagingConversationsStarted: integer('messaging_conversations_started').notNull().default(0),
    messagingFirstReplies: integer('messaging_first_replies').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    syncedAt: at('synced_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'meta_ads_pkey', columns: [t.projectId, t.adId, t.partnerId] }),
    foreignKey({
      name: 'meta_ads_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
    index('meta_ads_partner_status_idx').on(t.partnerId, t.status, t.startTime),
  ],
);

/** What the ledger has debited for one ad's spend on one day: a later report debits only the difference. */
export const metaAdSpend = pgTable(
  'meta_ad_spend',
  {
    projectId: text('project_id').notNull(),
    adId: text('ad_id').notNull(),
    partnerId: text('partner_id').notNull(),
    day: text('day').notNull(),
    charged: bigint('charged', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'meta_ad_spend_pkey', columns: [t.projectId, t.adId, t.day, t.partnerId] }),
    foreignKey({
      name: 'meta_ad_spend_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
  ],
);

/**
 * The sandbox Meta Ads' own state (ARCHITECTURE rule 15), by asset id: what its users changed of the
 * generated world (a page's linked number and pending code, an asset assigned, an ad paused).
 */
export const sandboxMetaAdsState = pgTable('sandbox_meta_ads_state', {
  id: text('id').primaryKey(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
