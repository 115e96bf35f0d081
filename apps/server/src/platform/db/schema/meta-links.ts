import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/**
 * The generated links (Facebook's login dialog, back to the link callback) already completed: a
 * link's signed state is good for one connection, so a replayed callback connects nothing. Only the
 * state's SHA-256 is kept. Rows older than a link's lifetime could go; they are few (one a link).
 */
export const metaLinkUses = pgTable(
  'meta_link_uses',
  {
    partnerId: text('partner_id').notNull(),
    stateHash: text('state_hash').notNull(),
    projectId: text('project_id').notNull(),
    /** waba, migration, ads or catalog. */
    kind: text('kind').notNull(),
    usedAt: at('used_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'meta_link_uses_pkey', columns: [t.partnerId, t.stateHash] }),
    index('meta_link_uses_project_idx').on(t.partnerId, t.projectId),
  ],
);
