import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { partners } from './identity.js';

/**
 * Which partner an id belongs to, for the ids that arrive alone: the platform's message events name
 * a project, a client's credential names its private app. Written with the row it names, in the
 * same transaction. On a distributed database this table is copied to every node, so the partner is
 * read where the request arrives and the row itself is then asked of its partner's node only
 * (docs/scaling.md), where a lookup by id alone asks every node. On one database it is one more
 * primary-key read.
 */
export const partnerDirectory = pgTable('partner_directory', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['project', 'private-app'] }).notNull(),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id),
  createdAt: createdAt(),
});
