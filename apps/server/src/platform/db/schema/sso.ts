import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { partners } from './identity.js';

/**
 * Single sign-on tokens already used, by their `jti`: inserted once (the primary key refuses a
 * second insert, in every server process alike), so a token signs in once. A row may go once its
 * token has expired, since an expired token is refused anyway.
 */
export const ssoTokens = pgTable(
  'sso_tokens',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: at('used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.jti] }), index('sso_tokens_expires_idx').on(t.expiresAt)],
);
