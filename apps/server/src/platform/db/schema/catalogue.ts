import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, money } from './columns.js';

/**
 * The provider's price catalogue (spec doc 3 section 1): what a partner's families are
 * priced over. One row per priced thing, prices in 1/100000 of each currency. The super-admin edits
 * it; a change moves every family's provider price with it and keeps each partner's margin.
 */
export const providerPlanPrices = pgTable('provider_plan_prices', {
  /** A subscription plan key, e.g. BASIC_MONTHLY. */
  plan: text('plan').primaryKey(),
  inr: money('inr'),
  usd: money('usd'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The provider's price of one conversation, per recipient country (ISO alpha-2, or `default`) and charge type. */
export const providerWccPrices = pgTable(
  'provider_wcc_prices',
  {
    country: text('country').notNull(),
    chargeType: text('charge_type', { enum: ['bic', 'uic', 'sc', 'ac', 'mc', 'uc'] }).notNull(),
    inr: money('inr'),
    usd: money('usd'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.country, t.chargeType] })],
);

/**
 * The provider's volume tiers (Meta's, for utility and authentication messages): from the month's
 * `fromMessages`-th charged message of a client business in a market (a catalogue row: a country, or
 * `default`) and charge type on, a message costs this tier's price instead of the list price
 * (`provider_wcc_prices`). The tiers step down as Meta's do; a partner's family price over a tier is
 * the tier's price plus the family's margin for that country and charge type.
 */
export const providerWccVolumeTiers = pgTable(
  'provider_wcc_volume_tiers',
  {
    country: text('country').notNull(),
    chargeType: text('charge_type', { enum: ['uc', 'ac'] }).notNull(),
    /** The first message of the month (counted from 1) priced at this tier; above 1. */
    fromMessages: integer('from_messages').notNull(),
    inr: money('inr'),
    usd: money('usd'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.country, t.chargeType, t.fromMessages] })],
);

/**
 * How Meta prices messages, from a day on (12 am in the WhatsApp Business Account's time zone, as
 * Meta dates its changes), per currency: conversations (CBP) or messages (PMP), and which messages
 * are free. Meta's next change is a row here (docs/charging.md).
 */
export const pricingModels = pgTable(
  'pricing_models',
  {
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    /** 'YYYY-MM-DD'. */
    effectiveFrom: text('effective_from').notNull(),
    model: text('model', { enum: ['CBP', 'PMP'] }).notNull(),
    /** Service (non-template) messages, or service conversations, are charged. */
    serviceCharged: boolean('service_charged').notNull(),
    /** PMP: a utility template inside an open customer service window is charged. */
    utilityInWindowCharged: boolean('utility_in_window_charged').notNull(),
    /**
     * PMP with service charged: the service messages a business number has free each month (12 am
     * in the account's time zone) before they are charged.
     */
    serviceFreePerMonth: integer('service_free_per_month').notNull().default(0),
    /** Utility and authentication messages are priced by the month's volume tiers (Meta, with PMP). */
    volumeTiers: boolean('volume_tiers').notNull().default(false),
    /** Meta's source for the row. */
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.effectiveFrom] })],
);

/** The provider's WhatsApp Payments fee slabs: from each start amount on, the fee (INR only). */
export const providerPaymentSlabs = pgTable('provider_payment_slabs', {
  startAmount: bigint('start_amount', { mode: 'number' }).primaryKey(),
  feeInr: money('fee_inr'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The provider's add-on plans: per add-on, tier (the flow builder's Tier1 or Tier2; empty for the
 * others) and period, the price in each currency.
 */
export const providerAddonPrices = pgTable(
  'provider_addon_prices',
  {
    addon: text('addon').notNull(),
    tier: text('tier', { enum: ['', 'Tier1', 'Tier2'] })
      .notNull()
      .default(''),
    period: text('period', { enum: ['Monthly', 'Yearly'] }).notNull(),
    inr: money('inr'),
    usd: money('usd'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.addon, t.tier, t.period] })],
);
