import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { partners } from './identity.js';

/**
 * What the bell lists (modules/notifications): one row per event told, for the partner's whole team
 * (`agentId` null) or for one member. Written in the transaction of the event it tells. `dedupeKey`,
 * when given, makes a second telling of the same event (a retried webhook, a check run again) a no-op.
 */
export const notifications = pgTable(
  'notifications',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    id: text('id').notNull(),
    agentId: text('agent_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'notifications_pkey', columns: [t.partnerId, t.id] }),
    index('notifications_list_idx').on(t.partnerId, t.createdAt, t.id),
    uniqueIndex('notifications_dedupe_idx').on(t.partnerId, t.dedupeKey),
  ],
);

/** One member's read mark on one notification newer than the member's `readAllAt`. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    partnerId: text('partner_id').notNull(),
    agentId: text('agent_id').notNull(),
    notificationId: text('notification_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_reads_pkey', columns: [t.partnerId, t.agentId, t.notificationId] }),
    foreignKey({
      name: 'notification_reads_notification_fk',
      columns: [t.partnerId, t.notificationId],
      foreignColumns: [notifications.partnerId, notifications.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A member's own settings of the list: the kinds also mailed to them, and when they last marked all
 * as read (everything created before is read, without a row each). No row: the defaults by mail, all unread.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    agentId: text('agent_id').notNull(),
    /** Null: the member's defaults (the owner's are the kinds it has its own mail of, `owner-mail.ts`). */
    mailKinds: text('mail_kinds').array(),
    readAllAt: at('read_all_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_settings_pkey', columns: [t.partnerId, t.agentId] })],
);
