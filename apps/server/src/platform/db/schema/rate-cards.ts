import { foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { WccPrices } from '@pc/contract';
import { at, createdAt } from './columns.js';
import { partners } from './identity.js';
import { wccFamilies } from './plans.js';

/** A rate card's prices: per country (ISO alpha-2 or `default`) and charge type, 1/100000 of its currency. */
export type RateCardPrices = Record<string, Partial<Record<'bic' | 'uic' | 'ac' | 'mc' | 'uc' | 'sc', number>>>;

/**
 * The provider's conversation prices from an instant on: loaded by the super-admin from a CSV
 * (country, category, price) in one currency, SCHEDULED until its effective instant, then APPLIED
 * (the catalogue and every family moved) or CANCELLED before it. A reference table: it belongs to
 * no partner.
 */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: text('id').primaryKey(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    effectiveAt: at('effective_at').notNull(),
    status: text('status', { enum: ['SCHEDULED', 'APPLIED', 'CANCELLED'] })
      .notNull()
      .default('SCHEDULED'),
    prices: jsonb('prices').$type<RateCardPrices>().notNull(),
    fileName: text('file_name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    appliedAt: at('applied_at'),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [index('rate_cards_status_effective_idx').on(t.status, t.effectiveAt)],
);

/**
 * A partner's answer to a rate card for one WCC family: KEEP its prices (the margin takes the
 * change) or PASS the change through (the margin stays). No row is PASS, the rule a catalogue
 * change already follows (the partner price moves with the provider's, the margin kept). When the
 * card applies, the family's prices before and after are written here, so a conversation that
 * began before the instant is still priced as it was.
 */
export const rateCardFamilies = pgTable(
  'rate_card_families',
  {
    cardId: text('card_id')
      .notNull()
      .references(() => rateCards.id),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    familyId: text('family_id').notNull(),
    choice: text('choice', { enum: ['KEEP', 'PASS'] })
      .notNull()
      .default('PASS'),
    chosenAt: at('chosen_at'),
    chosenBy: text('chosen_by'),
    pricesBefore: jsonb('prices_before').$type<WccPrices>(),
    pricesAfter: jsonb('prices_after').$type<WccPrices>(),
  },
  (t) => [
    primaryKey({ name: 'rate_card_families_pkey', columns: [t.cardId, t.familyId, t.partnerId] }),
    foreignKey({
      name: 'rate_card_families_family_fk',
      columns: [t.familyId, t.partnerId],
      foreignColumns: [wccFamilies.id, wccFamilies.partnerId],
    }),
    index('rate_card_families_partner_idx').on(t.partnerId, t.cardId),
  ],
);
