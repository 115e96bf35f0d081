import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RateCardSummary } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { platformAdmins, rateCardFamilies, rateCards } from '../../platform/db/schema.js';

export type RateCardRow = typeof rateCards.$inferSelect;

/** How many prices a card sets: its (country, charge type) pairs. */
export const rowCountOf = (card: Pick<RateCardRow, 'prices'>) =>
  Object.values(card.prices).reduce((n, charges) => n + Object.keys(charges).length, 0);

export const rateCardOut = (card: RateCardRow, createdBy: string | null): RateCardSummary => ({
  _id: card.id,
  currency: card.currency,
  effectiveAt: card.effectiveAt.toISOString(),
  status: card.status,
  fileName: card.fileName,
  rowCount: rowCountOf(card),
  createdBy: createdBy ?? card.createdBy,
  createdAt: card.createdAt.toISOString(),
  appliedAt: card.appliedAt?.toISOString() ?? null,
  cancelledAt: card.cancelledAt?.toISOString() ?? null,
});

const withAdmin = (db: DbOrTx) =>
  db
    .select({ card: rateCards, createdBy: platformAdmins.name })
    .from(rateCards)
    .leftJoin(platformAdmins, eq(platformAdmins.id, rateCards.createdBy));

/** A page of cards, latest instant first (a few a year: the page is read whole). */
export const listRateCards = async (db: DbOrTx, skip: number, limit: number) => {
  const [rows, [total]] = await Promise.all([
    withAdmin(db).orderBy(desc(rateCards.effectiveAt), asc(rateCards.id)).limit(limit).offset(skip),
    db.select({ n: count() }).from(rateCards),
  ]);
  return { rows: rows.map((r) => rateCardOut(r.card, r.createdBy)), total: total?.n ?? 0 };
};

export const findRateCard = async (db: DbOrTx, id: string) => (await withAdmin(db).where(eq(rateCards.id, id)))[0];

/** The scheduled card of a currency, if any (at most one: loading takes the catalogue's lock). */
export const scheduledCardOf = async (db: DbOrTx, currency: RateCardRow['currency']) =>
  (
    await db
      .select()
      .from(rateCards)
      .where(and(eq(rateCards.status, 'SCHEDULED'), eq(rateCards.currency, currency)))
  )[0];

/** Every SCHEDULED card, earliest instant first (by the status index). */
export const scheduledCards = (db: DbOrTx) =>
  db.select().from(rateCards).where(eq(rateCards.status, 'SCHEDULED')).orderBy(asc(rateCards.effectiveAt));

/** A partner's answers to the cards given, by card then family. */
export const choicesOf = async (db: DbOrTx, partnerId: string, cardIds: string[]) => {
  if (cardIds.length === 0) return new Map<string, typeof rateCardFamilies.$inferSelect>();
  const rows = await db
    .select()
    .from(rateCardFamilies)
    .where(and(eq(rateCardFamilies.partnerId, partnerId), inArray(rateCardFamilies.cardId, cardIds)));
  return new Map(rows.map((r) => [`${r.cardId}|${r.familyId}`, r]));
};

/** The catalogue's advisory lock (catalogue-edit.ts takes the same): loads, cancels and applies take turns with edits. */
export const lockCatalogue = (db: DbOrTx) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('provider_catalogue'))`);
