import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MetaPricing } from '@pc/contract';
import { createdAt, money } from './columns.js';
import { partners } from './identity.js';
import { projects } from './projects.js';

/**
 * Charging and analytics data. Written only by modules/charging.
 *
 * Analytics day row (spec doc 3 section 3) = one `analytics_days` row (the chat counts) plus the
 * `analytics_day_usage` rows of the same partner, project and day (the credit metrics):
 *   - variant 'TemplateCredit' | 'CentralBalance' = the balance the conversation was charged to
 *     (a free or unbilled conversation counts under 'CentralBalance' with amount 0),
 *   - metric bic | uic (business- / user-initiated) and ac | mc | uc | sc (authentication,
 *     marketing, utility, service): every conversation counts once under its initiator metric
 *     and once under its category metric,
 *   - count = conversations, creditUsage = sum of amounts (1/100000), and creditUsageCountryWise
 *     = the same rows grouped by country ({ [country]: { count, amount } }).
 * Days are UTC calendar days ('YYYY-MM-DD') of the event's timestamp.
 */

/** One status report of one platform message; (message id, status) is unique: a repeat is ignored. */
export const messageEvents = pgTable(
  'message_events',
  {
    messageId: text('message_id').notNull(),
    status: text('status', { enum: ['sent', 'delivered', 'read', 'failed'] }).notNull(),
    // No foreign keys: the ingest writes only statuses of the projects it found, with their partner
    // (charging/batch-projects.ts), and projects are never deleted; a key checked row by row cost each
    // charging batch a lookup of the project for every one of its thousand statuses.
    partnerId: text('partner_id').notNull(),
    projectId: text('project_id').notNull(),
    category: text('category', { enum: ['marketing', 'utility', 'authentication', 'service'] }).notNull(),
    initiator: text('initiator', { enum: ['business', 'user'] }).notNull(),
    country: text('country').notNull(),
    recipient: text('recipient'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The conversation a 'sent' event opened or joined. */
    conversationId: text('conversation_id'),
    /** Meta's `pricing` object on this status, as Meta sent it (contract MetaPricing). */
    pricing: jsonb('pricing').$type<MetaPricing>(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'message_events_pkey', columns: [t.messageId, t.status, t.partnerId] }),
    index('message_events_partner_project_idx').on(t.partnerId, t.projectId, t.occurredAt),
  ],
);

/** A charged (or free / unbilled) 24-hour conversation window. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').notNull(),
    // Named by the project's foreign key (project and partner), as message_events' is.
    partnerId: text('partner_id').notNull(),
    projectId: text('project_id').notNull(),
    category: text('category', { enum: ['marketing', 'utility', 'authentication', 'service'] }).notNull(),
    initiator: text('initiator', { enum: ['business', 'user'] }).notNull(),
    /**
     * The recipient's number or business-scoped user id, or the opening message id when the
     * platform sent none.
     */
    recipient: text('recipient').notNull(),
    country: text('country').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /**
     * startedAt + 24 hours: later messages of the same key before this join the conversation. A
     * message priced on its own (PMP) ends its window where it starts: nothing joins it.
     */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /**
     * CBP: a conversation (Meta's pricing until 1 July 2025); PMP: one message priced on its own
     * (`messageId`), Meta's per-message pricing since.
     */
    pricingModel: text('pricing_model', { enum: ['CBP', 'PMP'] })
      .notNull()
      .default('CBP'),
    /** The message a PMP row prices: a message is priced once. */
    messageId: text('message_id'),
    /** Why a PMP message is billed or free, in Meta's words: regular, free_customer_service, free_entry_point. */
    pricingType: text('pricing_type'),
    /** What Meta said of its price (the status webhook's `pricing`), when Meta said it. */
    metaPricing: jsonb('meta_pricing').$type<MetaPricing>(),
    /** Meta's pricing object named a category the console does not know: kept FREE, shown to the super-admin. */
    metaCategoryUnknown: boolean('meta_category_unknown').notNull().default(false),
    /**
     * A PMP utility or authentication message Meta charges: its place in the month's count of its
     * business, market and charge type (Meta's volume tiers; volume-tiers.ts), which chose its
     * price. Null for a message that does not count toward the tiers.
     */
    volumeCount: integer('volume_count'),
    /** The ledger entry that gave a charged message's money back when it failed undelivered. */
    refundLogId: text('refund_log_id'),
    amount: money('amount'),
    /**
     * What the provider charges the partner for it (0 for a free one). 0 on an UNBILLED row older than
     * the column (migration 0024): its provider price was never written down.
     */
    providerAmount: money('provider_amount'),
    /**
     * CHARGED: debited from `balance`; FREE: price 0; UNBILLED: neither balance covered it; FAILED:
     * a PMP message that failed undelivered, owing nothing (its charge refunded: `refundLogId`).
     */
    billingStatus: text('billing_status', { enum: ['CHARGED', 'FREE', 'UNBILLED', 'FAILED'] }).notNull(),
    balance: text('balance', { enum: ['WCC', 'CENTRAL'] }),
    billingLogId: text('billing_log_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'conversations_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'conversations_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('conversations_window_idx').on(t.partnerId, t.projectId, t.category, t.recipient, t.windowEndsAt),
    index('conversations_partner_started_idx').on(t.partnerId, t.startedAt),
    uniqueIndex('conversations_message_key').on(t.partnerId, t.messageId),
    // The super-admin's list of them: a few rows, never a scan of the priced messages.
    index('conversations_meta_category_unknown_idx')
      .on(t.startedAt)
      .where(sql`${t.metaCategoryUnknown}`),
  ],
);

/**
 * The messages WhatsApp users sent to a project's number: each opens or refreshes the 24-hour
 * customer service window with its sender, in which utility templates are free under per-message
 * pricing; one from an ad's click (entry point) lets the reply open a free entry point window.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    messageId: text('message_id').notNull(),
    projectId: text('project_id').notNull(),
    /** A phone number or a business-scoped user id. */
    sender: text('sender').notNull(),
    country: text('country').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    entryPoint: boolean('entry_point').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'inbound_messages_pkey', columns: [t.partnerId, t.messageId] }),
    foreignKey({
      name: 'inbound_messages_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('inbound_messages_window_idx').on(t.partnerId, t.projectId, t.sender, t.receivedAt),
    // The users who came from an ad (free entry point windows): few rows, read by every charging batch.
    index('inbound_messages_entry_point_idx')
      .on(t.partnerId, t.projectId, t.sender, t.receivedAt)
      .where(sql`${t.entryPoint}`),
  ],
);

/** Per partner, project and UTC day: the chat counts of the analytics day row. */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    dayDate: text('day_date').notNull(),
    sentChatCount: integer('sent_chat_count').notNull().default(0),
    deliveredChatCount: integer('delivered_chat_count').notNull().default(0),
    readChatCount: integer('read_chat_count').notNull().default(0),
    failedChatCount: integer('failed_chat_count').notNull().default(0),
    /** Users' messages received (Meta's `messages` webhook): service traffic, never priced. */
    receivedChatCount: integer('received_chat_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.projectId, t.dayDate] }),
    foreignKey({
      name: 'analytics_days_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('analytics_days_partner_day_idx').on(t.partnerId, t.dayDate),
  ],
);

/** Per partner, project, UTC day, variant, metric and country: conversation count and credit usage. */
export const analyticsDayUsage = pgTable(
  'analytics_day_usage',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    dayDate: text('day_date').notNull(),
    variant: text('variant', { enum: ['TemplateCredit', 'CentralBalance'] }).notNull(),
    metric: text('metric', { enum: ['bic', 'uic', 'ac', 'mc', 'uc', 'sc'] }).notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull().default(0),
    creditUsage: bigint('credit_usage', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'analytics_day_usage_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    uniqueIndex('analytics_day_usage_key').on(t.partnerId, t.projectId, t.dayDate, t.variant, t.metric, t.country),
    index('analytics_day_usage_partner_day_idx').on(t.partnerId, t.dayDate),
  ],
);
