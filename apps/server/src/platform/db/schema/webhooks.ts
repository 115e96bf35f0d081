import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { partners } from './identity.js';
import { projects } from './projects.js';

/**
 * A project's webhook (doc 2 section 3): where events of its topics are posted, signed with its
 * shared secret (Standard Webhooks). The secret is kept encrypted (`secret`, see
 * modules/webhooks/secret.ts), since signing needs it back. A webhook whose endpoint answered 410
 * or failed for the whole retry schedule is DISABLED until someone enables it again.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    topics: jsonb('topics').$type<string[]>().notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /**
     * The secret a rotation replaced (sealed like `secret`), still signed with beside the new one
     * until `previous_secret_expires_at` (Standard Webhooks' zero-downtime rotation).
     */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    status: text('status').notNull().default('ENABLED'),
    disabledReason: text('disabled_reason'),
    disabledAt: at('disabled_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'webhooks_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'webhooks_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('webhooks_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * Something that happened in a project, written in the transaction that made it happen (the
 * outbox), only when a webhook of the project subscribes to its type. `id` is Standard Webhooks'
 * `webhook-id` (msg_...), the same on every attempt and replay.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id').notNull(),
    projectId: text('project_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'webhook_events_pkey', columns: [t.id, t.partnerId] }),
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/** One event to one webhook: PENDING (its job is queued), DELIVERED, or FAILED (the dead letters). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').notNull(),
    webhookId: text('webhook_id').notNull(),
    eventId: text('event_id').notNull(),
    partnerId: text('partner_id').notNull(),
    projectId: text('project_id').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    nextAttemptAt: at('next_attempt_at'),
    createdAt: createdAt(),
    deliveredAt: at('delivered_at'),
    failedAt: at('failed_at'),
  },
  (t) => [
    primaryKey({ name: 'webhook_deliveries_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'webhook_deliveries_event_fk',
      columns: [t.eventId, t.partnerId],
      foreignColumns: [webhookEvents.id, webhookEvents.partnerId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webhook_deliveries_webhook_fk',
      columns: [t.webhookId, t.partnerId],
      foreignColumns: [webhooks.id, webhooks.partnerId],
    }).onDelete('cascade'),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.createdAt, t.id),
    index('webhook_deliveries_failed_idx')
      .on(t.webhookId, t.createdAt)
      .where(sql`${t.status} = 'FAILED'`),
    uniqueIndex('webhook_deliveries_event_uq').on(t.eventId, t.webhookId, t.partnerId),
  ],
);

/** Every attempt of a delivery: what the receiver answered, how fast, or what went wrong. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').notNull(),
    deliveryId: text('delivery_id').notNull(),
    partnerId: text('partner_id').notNull(),
    attemptedAt: at('attempted_at').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [
    primaryKey({ name: 'webhook_attempts_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'webhook_attempts_delivery_fk',
      columns: [t.deliveryId, t.partnerId],
      foreignColumns: [webhookDeliveries.id, webhookDeliveries.partnerId],
    }).onDelete('cascade'),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt),
  ],
);

/**
 * The project API's credential (doc 2 section 7.2, "private app"): one a project. The password is
 * shown once, on create and reset; only its HMAC-SHA256 under a server key is kept (a random
 * 32-byte key needs no slow hash, and every API call checks it).
 */
export const privateApps = pgTable(
  'private_apps',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    clientId: text('client_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    primaryKey({ name: 'private_apps_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'private_apps_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    uniqueIndex('private_apps_project_uq').on(t.projectId, t.partnerId),
  ],
);
