import { and, eq, sql } from 'drizzle-orm';
import type { WccChargeType } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { lockedByPartner } from '../../platform/db/locked-by-partner.js';
import { providerWccPrices, rateCardFamilies, rateCards, wccFamilies } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { RATE_CARD_JOB, rateCardJobKey } from './load.js';
import { lockCatalogue, scheduledCards, type RateCardRow } from './queries.js';
import { pricesUnderCard } from './transform.js';

export type ApplyOutcome = { applied: false; retryAt?: Date } | { applied: true; families: number };

/** Called inside the apply transaction once every write is done, before it commits (tests fail it there). */
export type ApplyFault = () => void | Promise<void>;

// `now` from the caller's clock: a distributed database (docs/scaling.md) wants no now() in an UPDATE's SET.
const writeCatalogue = async (tx: DbOrTx, card: RateCardRow, now: Date) => {
  for (const [country, charges] of Object.entries(card.prices))
    for (const [charge, price] of Object.entries(charges) as [WccChargeType, number][])
      await tx
        .update(providerWccPrices)
        .set(card.currency === 'INR' ? { inr: price, updatedAt: now } : { usd: price, updatedAt: now })
        .where(and(eq(providerWccPrices.country, country), eq(providerWccPrices.chargeType, charge)));
};

/**
 * A card at or after its instant, applied once: in one transaction under the catalogue's lock (as
 * catalogue-edit.ts), the card locked and found still SCHEDULED, its prices written into the
 * catalogue, every WCC family locked (a partner at a time: lockedByPartner) and rewritten by its
 * partner's answer (no answer: PASS) with `pricesUnderCard`, the charging rule, and its prices
 * before and after kept per family (a conversation that began before the instant and is charged
 * late is priced by `prices_before`), then the card marked APPLIED. Run twice, the second finds it
 * APPLIED; killed half-way, nothing of it stays and the job runs it again. Before the instant: not
 * yet (the job is due again then).
 */
export const applyRateCard = (deps: Pick<Deps, 'db' | 'now'>, cardId: string, fault?: ApplyFault) =>
  deps.db.transaction(async (tx): Promise<ApplyOutcome> => {
    await lockCatalogue(tx);
    const [card] = await tx.select().from(rateCards).where(eq(rateCards.id, cardId)).for('update');
    if (!card || card.status !== 'SCHEDULED') return { applied: false };
    const now = deps.now();
    if (now < card.effectiveAt) return { applied: false, retryAt: card.effectiveAt };

    await writeCatalogue(tx, card, now);
    const choices = new Map(
      (
        await tx
          .select({
            partnerId: rateCardFamilies.partnerId,
            familyId: rateCardFamilies.familyId,
            choice: rateCardFamilies.choice,
          })
          .from(rateCardFamilies)
          .where(eq(rateCardFamilies.cardId, card.id))
      ).map((c) => [`${c.partnerId}|${c.familyId}`, c.choice]),
    );
    const families = await lockedByPartner(tx, wccFamilies);
    const answers: (typeof rateCardFamilies.$inferInsert)[] = [];
    for (const family of families) {
      const choice = choices.get(`${family.partnerId}|${family.id}`) ?? 'PASS';
      const after = pricesUnderCard(family.prices, card.prices, card.currency, choice);
      if (JSON.stringify(after) !== JSON.stringify(family.prices))
        await tx
          .update(wccFamilies)
          .set({ prices: after })
          .where(and(eq(wccFamilies.id, family.id), eq(wccFamilies.partnerId, family.partnerId)));
      answers.push({
        cardId: card.id,
        partnerId: family.partnerId,
        familyId: family.id,
        choice,
        pricesBefore: family.prices,
        pricesAfter: after,
      });
    }
    for (let i = 0; i < answers.length; i += 200)
      await tx
        .insert(rateCardFamilies)
        .values(answers.slice(i, i + 200))
        .onConflictDoUpdate({
          target: [rateCardFamilies.cardId, rateCardFamilies.familyId, rateCardFamilies.partnerId],
          set: { pricesBefore: sql`excluded.prices_before`, pricesAfter: sql`excluded.prices_after` },
        });
    await fault?.();
    await tx.update(rateCards).set({ status: 'APPLIED', appliedAt: now }).where(eq(rateCards.id, card.id));
    return { applied: true, families: families.length };
  });

/** The job: applies its card when due; before the instant (a clock behind, a card moved) it waits for it. */
export const rateCardJobs = (deps: Pick<Deps, 'db' | 'now'>): JobHandlers => ({
  [RATE_CARD_JOB]: async (job) => {
    const outcome = await applyRateCard(deps, String(job.payload.cardId));
    if (!outcome.applied && outcome.retryAt) return { retryAt: outcome.retryAt };
  },
});

/** At start: every SCHEDULED card has its job (one per card by its key), in case one was lost or failed for good. */
export const ensureRateCardsScheduled = async (db: DbOrTx) => {
  for (const card of await scheduledCards(db))
    await enqueue(db, {
      kind: RATE_CARD_JOB,
      payload: { cardId: card.id },
      runAt: card.effectiveAt,
      key: rateCardJobKey(card.id),
    });
};
