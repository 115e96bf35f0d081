import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AccessLevel, Addon, BillingAddress, PartnerFlags } from '@pc/contract';
import { createdAt, money } from './columns.js';

export const partners = pgTable(
  'partners',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['WHITELABEL', 'DIRECT', 'ADS_WHITELABEL'] }).notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    name: text('name').notNull(),
    brandName: text('brand_name'),
    faviconUrl: text('favicon_url'),
    brandLogoUrl: text('brand_logo_url'),
    webhookUrl: text('webhook_url'),
    loadingGifUrl: text('loading_gif_url'),
    referralLink: text('referral_link'),
    customDomain: text('custom_domain'),
    isoCode: text('iso_code'),
    minAllowedBalance: money('min_allowed_balance'),
    liveAccounts: integer('live_accounts').notNull().default(0),
    agentSize: integer('agent_size').notNull().default(10),
    maxAgents: integer('max_agents').notNull().default(10),
    maxRoles: integer('max_roles').notNull().default(5),
    enableSignUp: boolean('enable_sign_up').notNull().default(false),
    enableTrial: boolean('enable_trial').notNull().default(false),
    isZohoEnabled: boolean('is_zoho_enabled').notNull().default(false),
    partnershipFee: money('partnership_fee'),
    partnershipRenewalOn: date('partnership_renewal_on', { mode: 'string' }),
    onboardingMethod: text('onboarding_method'),
    /** DIAMOND and others: the partner's own plan with the platform (Project Api tab needs DIAMOND). */
    planType: text('plan_type'),
    defaultPlanFamily: text('default_plan_family'),
    defaultPlanName: text('default_plan_name'),
    defaultWccPlan: text('default_wcc_plan'),
    defaultWhatsappPaymentsPlan: text('default_whatsapp_payments_plan'),
    addons: jsonb('addons').$type<Record<string, Addon>>().notNull().default({}),
    flags: jsonb('flags').$type<PartnerFlags>().notNull().default({}),
    ssoSecretKey: text('sso_secret_key'),
    /** What a trial project's credit starts at (doc 3 section 3: stored times 100000). */
    trialAmount: money('trial_amount'),
    /** Free WCC credit (doc 3 section 2): a new customer's project starts with it, moved from the central balance. */
    freeWccCredit: money('free_wcc_credit'),
    /** The partner's billing details (doc 3 section 5); null until saved. */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    /** What a new project's WhatsApp About starts as (Manage, Defaults); its country is `isoCode`. */
    whatsAppAbout: text('whatsapp_about'),
    /** The console's colours for this partner: { primary, background } (doc 3 section 3). */
    profileColors: jsonb('profile_colors').$type<{ primary: string; background: string }>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partners_custom_domain_key').on(t.customDomain)],
);

export const roles = pgTable(
  'roles',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    accessLevel: jsonb('access_level').$type<AccessLevel>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.name] })],
);

export const agents = pgTable(
  'agents',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    loginUsername: text('login_username').notNull(),
    passwordHash: text('password_hash').notNull(),
    contact: text('contact').notNull().default(''),
    country: text('country'),
    agentRole: text('agent_role').notNull(),
    power: integer('power').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    isReferral: boolean('is_referral').notNull().default(false),
    createdAt: createdAt(),
  },
  // User names and emails are unique across partners: platform_claims holds them (and finds the
  // account at sign-in), since a unique index here would only see one partner's node.
  (t) => [
    primaryKey({ name: 'agents_pkey', columns: [t.id, t.partnerId] }),
    index('agents_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/** Platform staff: they sign in like agents but belong to no partner. */
export const platformAdmins = pgTable(
  'platform_admins',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    loginUsername: text('login_username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('platform_admins_login_username_key').on(sql`lower(${t.loginUsername})`),
    uniqueIndex('platform_admins_email_key').on(sql`lower(${t.email})`),
  ],
);

/** A signed-in device. A token is only honoured while its session is neither revoked nor expired. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    subjectKind: text('subject_kind', { enum: ['agent', 'superadmin'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    partnerId: text('partner_id'),
    device: text('device'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_subject_idx').on(t.subjectId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  subjectKind: text('subject_kind', { enum: ['agent', 'superadmin', 'business'] }).notNull(),
  subjectId: text('subject_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Failed sign-in counters per account and per client address, shared by every server process. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
