import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { partners } from './identity.js';

/**
 * What must be unique across partners, claimed in one small table: an agent's sign-in user name and
 * email (sign-in finds the account before it knows the partner), and a Meta ad account (its spend is
 * debited from one project's credit, whatever the partner). The rows that hold them are keyed by
 * partner so that a database spreading partners over nodes (docs/scaling-out.md) can keep each
 * partner's rows together; a unique index there only sees one node, so the claim lives here, in a
 * table copied to every node, written in the same transaction as its holder. Values are lower case.
 */
export const platformClaims = pgTable(
  'platform_claims',
  {
    kind: text('kind', { enum: ['agent-user-name', 'agent-email', 'ad-account'] }).notNull(),
    value: text('value').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    /** The agent's id, or the project's whose ad account it is. */
    holderId: text('holder_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'platform_claims_pkey', columns: [t.kind, t.value] }),
    index('platform_claims_holder_idx').on(t.holderId),
  ],
);
