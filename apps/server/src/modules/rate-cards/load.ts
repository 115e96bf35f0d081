import { eq } from 'drizzle-orm';
import { rateCardTexts as t, type LoadRateCardRequest, type WccChargeType } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { newId } from '../../platform/db/ids.js';
import { rateCards } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import { readWccCatalogue } from '../pricing/catalogue.js';
import { parseRateCard } from './csv.js';
import { findRateCard, lockCatalogue, rateCardOut, scheduledCardOf } from './queries.js';

export const RATE_CARD_JOB = 'rate-cards.apply';
/** One pending apply job per card. */
export const rateCardJobKey = (cardId: string) => `rate-card:${cardId}`;

/**
 * The super-admin loads a card: the instant must be in the future, every line of the file must be
 * right (each bad line is told with its number; nothing is stored), and no other card of the
 * currency may be SCHEDULED (409: cancel it first). Under the catalogue's lock, so two loads cannot
 * both find none. The card's apply job is written with it, due at the instant; the audit row too.
 */
export const loadRateCard = (deps: Deps, admin: AuditAdmin, body: LoadRateCardRequest) => {
  const effectiveAt = new Date(body.effectiveAt);
  if (effectiveAt.getTime() <= deps.now().getTime()) throw badRequest(t.pastInstant, { effectiveAt: t.pastInstant });
  return deps.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const catalogue = await readWccCatalogue(tx);
    const parsed = parseRateCard(body.csv, (country, charge: WccChargeType) => Boolean(catalogue[country]?.[charge]));
    if ('problems' in parsed)
      throw badRequest(t.linesToFix(parsed.problems[0]!, parsed.problems.length - 1), {
        csv: parsed.problems.slice(0, 50).join('\n'),
      });
    const scheduled = await scheduledCardOf(tx, body.currency);
    if (scheduled) {
      const message = t.oneScheduled(body.currency, scheduled.effectiveAt.toISOString());
      throw conflict(message, { currency: message });
    }
    const [card] = await tx
      .insert(rateCards)
      .values({
        id: newId(),
        currency: body.currency,
        effectiveAt,
        prices: parsed.prices,
        fileName: body.fileName,
        createdBy: admin.adminId,
        createdAt: deps.now(),
      })
      .returning();
    await enqueue(tx, {
      kind: RATE_CARD_JOB,
      payload: { cardId: card!.id },
      runAt: effectiveAt,
      key: rateCardJobKey(card!.id),
    });
    await recordAudit(tx, admin, {
      action: 'rate-card.load',
      targetKind: 'catalogue',
      targetId: card!.id,
      after: {
        currency: body.currency,
        effectiveAt: effectiveAt.toISOString(),
        fileName: body.fileName,
        rows: parsed.rows,
      },
    });
    return { message: t.loaded, rateCard: rateCardOut(card!, admin.name) };
  });
};

/**
 * Cancels a SCHEDULED card before its instant (after it, charging already prices by it: it applies).
 * Its job finds it CANCELLED and does nothing. Audited.
 */
export const cancelRateCard = (deps: Deps, admin: AuditAdmin, id: string) =>
  deps.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [card] = await tx.select().from(rateCards).where(eq(rateCards.id, id)).for('update');
    if (!card) throw notFound(t.notFound);
    if (card.status !== 'SCHEDULED') throw conflict(t.notScheduled);
    if (deps.now().getTime() >= card.effectiveAt.getTime()) throw conflict(t.inForce);
    await tx.update(rateCards).set({ status: 'CANCELLED', cancelledAt: deps.now() }).where(eq(rateCards.id, id));
    await recordAudit(tx, admin, {
      action: 'rate-card.cancel',
      targetKind: 'catalogue',
      targetId: id,
      before: { status: 'SCHEDULED' },
      after: { status: 'CANCELLED', currency: card.currency, effectiveAt: card.effectiveAt.toISOString() },
    });
    const cancelled = (await findRateCard(tx, id))!;
    return { message: t.cancelled, rateCard: rateCardOut(cancelled.card, cancelled.createdBy) };
  });
