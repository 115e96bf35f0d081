import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/**
 * Every account and number webhook Meta delivered, as it came (for support, and so that a word the
 * console cannot read yet is not lost), with what the console did with it. A delivery Meta repeats
 * has the same digest and is kept once.
 */
export const metaAccountEvents = pgTable(
  'meta_account_events',
  {
    id: text('id').primaryKey(),
    /** SHA-256 of the field, the entry's id and time, and the change's value. */
    digest: text('digest').notNull(),
    field: text('field').notNull(),
    /** The WhatsApp Business Account it is about (null when the change names none). */
    wabaId: text('waba_id'),
    /** When Meta says it happened (the entry's time). */
    happenedAt: at('happened_at').notNull(),
    /** The project it was applied to, when the account is one of a partner's. */
    partnerId: text('partner_id'),
    projectId: text('project_id'),
    /** applied, unchanged (already so, or older than what is kept), unknown_account, unknown_number, unread. */
    outcome: text('outcome').notNull(),
    value: jsonb('value').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meta_account_events_digest_idx').on(t.digest),
    index('meta_account_events_project_idx').on(t.partnerId, t.projectId, t.happenedAt),
    index('meta_account_events_waba_idx').on(t.wabaId, t.happenedAt),
  ],
);

/**
 * Statuses Meta reported of messages the console cannot place: no project of any partner sent them
 * (no callback data of ours and no message of that id), or the project they name is gone. Kept as
 * they came, once per message and status, not charged, for the super-admin to see.
 */
export const unplacedMessageStatuses = pgTable(
  'unplaced_message_statuses',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id').notNull(),
    status: text('status').notNull(),
    recipient: text('recipient').notNull(),
    /** When Meta says it happened. */
    occurredAt: at('occurred_at').notNull(),
    /** not_ours (nothing names a project of the console) or unknown_project. */
    reason: text('reason').notNull(),
    /** The status as the console read it (Meta's callback data, error and pricing object included). */
    report: jsonb('report').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unplaced_message_statuses_message_idx').on(t.messageId, t.status),
    index('unplaced_message_statuses_received_idx').on(t.receivedAt),
  ],
);
