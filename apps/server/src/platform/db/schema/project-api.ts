import { foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { projects } from './projects.js';

/**
 * The project API's idempotency keys: a send given an `Idempotency-Key` claims it here before
 * anything is sent, and writes the provider's message id once accepted, so a client retrying after
 * a timeout gets the first answer back instead of a second message (and a second charge). A claim
 * without a message id is a send under way, or one cut short after the provider may have sent.
 * Kept 24 hours (pruned hourly), per project.
 */
export const projectApiIdempotencyKeys = pgTable(
  'project_api_idempotency_keys',
  {
    projectId: text('project_id').notNull(),
    key: text('key').notNull(),
    partnerId: text('partner_id').notNull(),
    /** SHA-256 of the request's body (keys sorted): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    messageId: text('message_id'),
    createdAt: createdAt(),
    answeredAt: at('answered_at'),
  },
  (t) => [
    primaryKey({ name: 'project_api_idempotency_keys_pkey', columns: [t.projectId, t.key, t.partnerId] }),
    foreignKey({
      name: 'project_api_idempotency_keys_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
    index('project_api_idempotency_created_idx').on(t.createdAt),
  ],
);
