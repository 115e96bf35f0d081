import { and, asc, count, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import {
  businessTexts,
  pricingTexts,
  RATE_CARD_VOLUME_DAYS,
  rateCardTexts as t,
  type RateCardChoice,
  type SetRateCardChoiceAnswer,
  type UpcomingRateCardsResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { marginDays, projects, rateCardFamilies, rateCards, wccFamilies } from '../../platform/db/schema.js';
import { conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { findPartner } from '../partners/queries.js';
import { dayOf, type Category } from '../charging/price.js';
import { loadPricingModels, modelAt } from '../charging/pricing-models.js';
import { choicesOf, scheduledCards } from './queries.js';
import { familyEffect, type Volume } from './simulation.js';

const DAY = 86_400_000;

/**
 * Who may answer a card: as who may price families (pricing/families.ts): the partner's own agents
 * with plans write (the route checks that), not referral users, not DIRECT partners (no Plan
 * Details) and not ADS_WHITELABEL partners (their families follow the catalogue: PASS).
 */
const choiceRefusal = (partner: { type: string }, viewer: AgentViewer): string | null => {
  if (viewer.isReferral) return pricingTexts.referralCannotPrice;
  if (partner.type === 'DIRECT') return pricingTexts.directHasNoPlanDetails;
  if (partner.type === 'ADS_WHITELABEL') return businessTexts.adsCannotCreate;
  return null;
};

/** The partner's volume in a currency over the days, per family its projects are on now. */
const volumeByFamily = async (db: DbOrTx, partnerId: string, currency: 'INR' | 'USD', from: string, to: string) => {
  const rows = await db
    .select({
      familyId: projects.wccPlanId,
      country: marginDays.country,
      category: marginDays.category,
      conversations: sql<number>`coalesce(sum(${marginDays.conversations} - ${marginDays.free}), 0)::int`,
    })
    .from(marginDays)
    .innerJoin(projects, and(eq(projects.id, marginDays.projectId), eq(projects.partnerId, marginDays.partnerId)))
    .where(
      and(
        eq(marginDays.partnerId, partnerId),
        gte(marginDays.dayDate, from),
        lte(marginDays.dayDate, to),
        eq(projects.currency, currency),
        isNotNull(projects.wccPlanId),
      ),
    )
    .groupBy(projects.wccPlanId, marginDays.country, marginDays.category);
  const byFamily = new Map<string, Volume[]>();
  for (const r of rows)
    byFamily.set(r.familyId!, [
      ...(byFamily.get(r.familyId!) ?? []),
      { country: r.country, category: r.category as Category, conversations: Number(r.conversations) },
    ]);
  return byFamily;
};

const projectsByFamily = async (db: DbOrTx, partnerId: string, currency: 'INR' | 'USD') =>
  new Map(
    (
      await db
        .select({ familyId: projects.wccPlanId, n: count() })
        .from(projects)
        .where(and(eq(projects.partnerId, partnerId), eq(projects.currency, currency), isNotNull(projects.wccPlanId)))
        .groupBy(projects.wccPlanId)
    ).map((r) => [r.familyId!, Number(r.n)]),
  );

/**
 * GET /api/rate-cards/upcoming: every SCHEDULED card and what it does to each of the partner's WCC
 * families, measured on the last 30 UTC days of conversations of the projects now on the family in
 * the card's currency (the margin rollup, not the conversations). DIRECT partners have no Plan
 * Details: 403, as pricing answers them.
 */
export const upcomingRateCards = async (deps: Deps, viewer: AgentViewer): Promise<UpcomingRateCardsResponse> => {
  const partner = await findPartner(deps.db, viewer.partnerId);
  if (!partner) throw notFound();
  if (partner.type === 'DIRECT') throw forbidden(pricingTexts.directHasNoPlanDetails);
  const now = deps.now();
  const endDate = dayOf(now);
  const startDate = dayOf(new Date(now.getTime() - (RATE_CARD_VOLUME_DAYS - 1) * DAY));
  const cards = await scheduledCards(deps.db);
  const families = await deps.db
    .select()
    .from(wccFamilies)
    .where(eq(wccFamilies.partnerId, viewer.partnerId))
    .orderBy(asc(wccFamilies.createdAt), asc(wccFamilies.name), asc(wccFamilies.id));
  const answers = await choicesOf(
    deps.db,
    viewer.partnerId,
    cards.map((c) => c.id),
  );
  const models = await loadPricingModels(deps.db);
  const measured = new Map<string, { volume: Map<string, Volume[]>; projects: Map<string, number> }>();
  for (const currency of new Set(cards.map((c) => c.currency)))
    measured.set(currency, {
      volume: await volumeByFamily(deps.db, viewer.partnerId, currency, startDate, endDate),
      projects: await projectsByFamily(deps.db, viewer.partnerId, currency),
    });

  return {
    canChoose: choiceRefusal(partner, viewer) === null,
    startDate,
    endDate,
    rateCards: cards.map((card) => {
      const { volume, projects: onFamily } = measured.get(card.currency)!;
      // The model in force now by UTC days, as the volume is measured: a family's projects may belong
      // to businesses in several time zones, which differ by a day at most around Meta's changes.
      const model = modelAt(models, card.currency, now, 'UTC');
      return {
        _id: card.id,
        currency: card.currency,
        effectiveAt: card.effectiveAt.toISOString(),
        open: now < card.effectiveAt,
        families: families.map((family) => {
          const answer = answers.get(`${card.id}|${family.id}`);
          return familyEffect(
            { id: family.id, name: family.name, prices: family.prices, projects: onFamily.get(family.id) ?? 0 },
            card,
            { choice: answer?.choice ?? 'PASS', chosenAt: answer?.chosenAt ?? null },
            volume.get(family.id) ?? [],
            model,
          );
        }),
      };
    }),
  };
};

/**
 * PUT /api/rate-cards/:id/families/:familyId: the partner's answer for one of its families, while
 * the card is SCHEDULED and before its instant. The card row is held (FOR SHARE) while the answer
 * is written: the apply job, which locks it FOR UPDATE, reads every answer given before it, and an
 * answer after it is refused. Another partner's family, or an unknown one: 404, nothing written.
 */
export const setRateCardChoice = async (
  deps: Deps,
  viewer: AgentViewer,
  cardId: string,
  familyId: string,
  choice: RateCardChoice,
): Promise<SetRateCardChoiceAnswer> => {
  const partner = await findPartner(deps.db, viewer.partnerId);
  if (!partner) throw notFound();
  const refusal = choiceRefusal(partner, viewer);
  if (refusal) throw forbidden(refusal);
  return deps.db.transaction(async (tx) => {
    const [card] = await tx.select().from(rateCards).where(eq(rateCards.id, cardId)).for('share');
    if (!card) throw notFound(t.notFound);
    const [family] = await tx
      .select({ id: wccFamilies.id, name: wccFamilies.name })
      .from(wccFamilies)
      .where(and(eq(wccFamilies.partnerId, viewer.partnerId), eq(wccFamilies.id, familyId)));
    if (!family) throw notFound(t.familyNotFound);
    if (card.status !== 'SCHEDULED') throw conflict(t.notScheduled);
    const now = deps.now();
    if (now >= card.effectiveAt) throw conflict(t.inForce);
    // No answer yet is PASS, as the apply job reads it.
    const was = (await choicesOf(tx, viewer.partnerId, [cardId])).get(`${cardId}|${familyId}`)?.choice ?? 'PASS';
    await tx
      .insert(rateCardFamilies)
      .values({ cardId, partnerId: viewer.partnerId, familyId, choice, chosenAt: now, chosenBy: viewer.agentId })
      .onConflictDoUpdate({
        target: [rateCardFamilies.cardId, rateCardFamilies.familyId, rateCardFamilies.partnerId],
        set: { choice, chosenAt: now, chosenBy: viewer.agentId },
      });
    // The family's answer to this card (named by its currency and day); the same answer again changes nothing.
    if (was !== choice)
      await recordPartnerChange(tx, viewer, {
        action: 'rate-card.family',
        target: {
          kind: 'plan',
          id: family.id,
          name: `${family.name}, ${card.currency} rate card of ${card.effectiveAt.toISOString().slice(0, 10)}`,
        },
        before: { choice: was },
        after: { choice },
      });
    return { message: t.choiceSaved, familyId, choice, chosenAt: now.toISOString() };
  });
};
