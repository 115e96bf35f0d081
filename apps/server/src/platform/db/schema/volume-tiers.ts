import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';

/**
 * How many charged messages a client business (Meta's business portfolio: its projects' numbers
 * together) has had this month in a market and charge type, as Meta counts toward its volume
 * tiers: messages Meta charges (free ones do not count), months from 12 am on the 1st in the
 * business's time zone. Charging adds to it under the partner's lock; `metaFrom` is the lower bound
 * of the tier Meta said the business reached (its `account_update` webhook), which the count never
 * stays below, since Meta alone decides the tiers and sees the portfolio's traffic through every
 * provider.
 */
export const volumeTierCounts = pgTable(
  'volume_tier_counts',
  {
    partnerId: text('partner_id').notNull(),
    businessId: text('business_id').notNull(),
    /** A catalogue row: the recipient's country, or `default`. */
    market: text('market').notNull(),
    chargeType: text('charge_type', { enum: ['uc', 'ac'] }).notNull(),
    /** 'YYYY-MM' in the business's time zone. */
    month: text('month').notNull(),
    counted: integer('counted').notNull().default(0),
    metaFrom: integer('meta_from').notNull().default(0),
    metaSaidAt: timestamp('meta_said_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({
      name: 'volume_tier_counts_pkey',
      columns: [t.partnerId, t.businessId, t.market, t.chargeType, t.month],
    }),
    foreignKey({
      name: 'volume_tier_counts_business_fk',
      columns: [t.businessId, t.partnerId],
      foreignColumns: [businesses.id, businesses.partnerId],
    }).onDelete('cascade'),
  ],
);
