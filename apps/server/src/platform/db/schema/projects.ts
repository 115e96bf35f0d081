import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { MetaAccountState } from '@pc/contract';
import { at, createdAt, money } from './columns.js';
import { businesses } from './businesses.js';
import { partners } from './identity.js';
import { paymentPlanFamilies, planFamilies, wccFamilies } from './plans.js';

export type ProjectAddonState = {
  status: 'ACTIVE' | 'PAUSED';
  flowCount?: number;
  /**
   * When the add-on's next period is charged (ISO instant): set at activation, moved one period on by
   * each renewal (modules/renewals). Kept in step with `projects.addon_renewal_on`, the earliest of them.
   */
  renewalOn?: string;
  /** The add-on plan the project bought (Monthly or Yearly). */
  partnerPlans?: { plan: 'Monthly' | 'Yearly' };
  dashboardKey?: string;
};
export type BusinessProfile = {
  address?: string;
  description?: string;
  email?: string;
  vertical?: string;
  websites?: string[];
};

/** A project (assistant): one WhatsApp channel of a business. */
export const projects = pgTable(
  'projects',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    businessId: text('business_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    status: text('status').notNull().default('active'),
    partnerArchived: boolean('partner_archived').notNull().default(false),
    isWhatsappVerified: boolean('is_whatsapp_verified').notNull().default(false),
    whatsappNumber: text('whatsapp_number'),
    // Plans
    activePlan: text('active_plan').notNull().default('NONE'),
    familyId: text('family_id'),
    wccPlanId: text('wcc_plan_id'),
    paymentPlanId: text('payment_plan_id'),
    subscriptionScheduled: jsonb('subscription_scheduled').$type<{ planName: string }>(),
    isTrial: boolean('is_trial').notNull().default(false),
    isApiTrial: boolean('is_api_trial').notNull().default(false),
    firstPaidPlanStartedOn: at('first_paid_plan_started_on'),
    planActivatedOn: at('plan_activated_on'),
    planRenewalOn: at('plan_renewal_on'),
    planStoppedOn: at('plan_stopped_on'),
    // Credits, in 1/100000 of the currency; changed only through the billing ledger.
    templateCredit: money('template_credit'),
    partnerWhatsappCredit: money('partner_whatsapp_credit'),
    metaAdsCredit: money('meta_ads_credit'),
    // Channel
    maxAgents: integer('max_agents').notNull().default(5),
    isoCode: text('iso_code'),
    /** The provider's API generation: v3 is the Cloud API (Meta Ads needs it); older ones 'v2'. */
    providerType: text('provider_type').notNull().default('v3'),
    wabaNumberId: text('waba_number_id'),
    wabaAppId: text('waba_app_id'),
    wabaProgressStep: integer('waba_progress_step').notNull().default(0),
    wabaDeleted: boolean('waba_deleted').notNull().default(false),
    wabaBanState: text('waba_ban_state'),
    wabaBanDate: at('waba_ban_date'),
    /**
     * What Meta last said on the account's webhooks beyond the columns here (contract
     * `MetaAccountState`), and when Meta said each word the columns hold (`seen`: ban, limit, name),
     * so that an older delivery arriving late changes nothing.
     */
    metaAccount: jsonb('meta_account')
      .$type<MetaAccountState & { seen?: Record<string, string> }>()
      .notNull()
      .default({}),
    channelActivatedOn: at('channel_activated_on'),
    messagingLimit: text('messaging_limit'),
    qualityRating: text('quality_rating'),
    /**
     * The rating before the last change, and when it changed (the risk board's "falling"). Kept by a
     * trigger (migration 0026) on every write of quality_rating: channel sync, the sign-up, the
     * sandbox, staff; a writer may set the instant itself (an injected clock), else it is now().
     */
    qualityRatingPrevious: text('quality_rating_previous'),
    qualityRatingChangedAt: at('quality_rating_changed_at'),
    fbManagerVerified: boolean('fb_manager_verified').notNull().default(false),
    fbBusinessId: text('fb_business_id'),
    fbBusinessName: text('fb_business_name'),
    lastChannelSyncAt: at('last_channel_sync_at'),
    /** The last template sync: the next is allowed 5 minutes later (doc 2 section 5.5). */
    lastTemplateSyncAt: at('last_template_sync_at'),
    // Profile shown on WhatsApp
    whatsAppDisplayName: text('whatsapp_display_name'),
    displayNameStatus: text('display_name_status'),
    whatsAppAbout: text('whatsapp_about'),
    whatsAppDisplayImage: text('whatsapp_display_image'),
    businessProfile: jsonb('business_profile').$type<BusinessProfile>().notNull().default({}),
    // KYC and onboarding
    bvbpProcess: integer('bvbp_process').notNull().default(0),
    kycRemark: text('kyc_remark'),
    apiFormDetails: jsonb('api_form_details').$type<Record<string, unknown>>(),
    adSetupDetails: jsonb('ad_setup_details').$type<{ isSetupCompleted: boolean }>(),
    addons: jsonb('addons').$type<Record<string, ProjectAddonState>>().notNull().default({}),
    /** The earliest `renewalOn` of the project's ACTIVE add-ons, so the renewals job finds them by index. */
    addonRenewalOn: at('addon_renewal_on'),
    // Set by platform staff (doc 2 section 2.2, the super-admin project screen)
    appName: text('app_name'),
    /** The provider's API key of the channel (apiKey360), sealed like every secret at rest. */
    apiKey360Sealed: text('api_key_360_sealed'),
    /** The super-admin's 'processed' marker: when it was set, or null when cleared. */
    processedAt: at('processed_at'),
    dailyTemplateLimit: integer('daily_template_limit'),
    /** Monthly conversation (MAC) quota and this month's usage, as the provider reports them. */
    macQuota: integer('mac_quota'),
    macUsage: integer('mac_usage').notNull().default(0),
    /** When the project last left active for unpaid, suspended, terminated or stopped; null while active. */
    disabledOn: at('disabled_on'),
    createdAt: createdAt(),
  },
  // Written in SQL only (drizzle cannot say them): the name search's GIN index of word prefixes
  // (projects_name_prefixes_idx, migration 0020) and the WhatsApp number's trigrams (0021).
  (t) => [
    primaryKey({ name: 'projects_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'projects_payment_plan_fk',
      columns: [t.paymentPlanId, t.partnerId],
      foreignColumns: [paymentPlanFamilies.id, paymentPlanFamilies.partnerId],
    }),
    foreignKey({
      name: 'projects_wcc_plan_fk',
      columns: [t.wccPlanId, t.partnerId],
      foreignColumns: [wccFamilies.id, wccFamilies.partnerId],
    }),
    foreignKey({
      name: 'projects_family_fk',
      columns: [t.familyId, t.partnerId],
      foreignColumns: [planFamilies.id, planFamilies.partnerId],
    }),
    foreignKey({
      name: 'projects_business_fk',
      columns: [t.businessId, t.partnerId],
      foreignColumns: [businesses.id, businesses.partnerId],
    }),
    index('projects_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('projects_partner_live_idx').on(t.partnerId, t.isWhatsappVerified, t.createdAt),
    index('projects_partner_plan_idx').on(t.partnerId, t.activePlan, t.createdAt),
    index('projects_partner_status_idx').on(t.partnerId, t.status, t.partnerArchived),
    index('projects_partner_activated_idx').on(t.partnerId, t.planActivatedOn),
    index('projects_partner_name_idx').on(t.partnerId, sql`lower(${t.name})`),
    index('projects_business_idx').on(t.businessId, t.createdAt),
    // Meta's account webhooks name the WhatsApp Business Account, not the partner.
    index('projects_waba_idx')
      .on(t.wabaAppId)
      .where(sql`${t.wabaAppId} is not null`),
    // Meta's message webhooks name the business number, not the partner.
    index('projects_waba_number_idx')
      .on(t.wabaNumberId)
      .where(sql`${t.wabaNumberId} is not null`),
    // The platform's own reads across partners: the super-admin's project list and the renewals job.
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_status_created_idx').on(t.status, t.createdAt, t.id),
    index('projects_plan_renewal_idx')
      .on(t.planRenewalOn)
      .where(sql`${t.planRenewalOn} is not null`),
    index('projects_addon_renewal_idx')
      .on(t.addonRenewalOn)
      .where(sql`${t.addonRenewalOn} is not null`),
  ],
);
