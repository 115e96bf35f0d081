import { and, eq, inArray } from 'drizzle-orm';
import type { WccPrices } from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { projects, rateCardFamilies, rateCards, wccFamilies, type RateCardPrices } from '../platform/db/schema.js';
import { readWccCatalogue } from '../modules/pricing/catalogue.js';
import { pricesUnderCard } from '../modules/rate-cards/transform.js';
import { enqueue } from '../platform/jobs/queue.js';
import { RATE_CARD_JOB, rateCardJobKey } from '../modules/rate-cards/load.js';
import { DAY } from './demo-world.js';

/** Acme's second WCC family: wider margins on marketing, for its campaign clients. */
const premiumPrices = async (db: DbOrTx): Promise<WccPrices> => {
  const prices: WccPrices = {};
  for (const [country, charges] of Object.entries(await readWccCatalogue(db)))
    for (const [type, provider] of Object.entries(charges) as [keyof WccPrices[string], { INR: number; USD: number }][])
      (prices[country] ??= {})[type] = {
        ...provider,
        inrMargin: type === 'sc' ? 0 : type === 'mc' ? 40000 : 15000,
        usdMargin: type === 'sc' ? 0 : type === 'mc' ? 600 : 250,
      };
  return prices;
};

/** The Acme projects whose traffic stopped recently, moved to the premium family (their history stays as charged). */
const MOVED = ['Pixel Foods', 'Cedar Dispatch'];

/**
 * The demo's rate cards:
 * - an INR card SCHEDULED in 10 days (midnight UTC): marketing 8% dearer in India, the UAE, the UK
 *   and the US. Acme answers KEEP for "Acme WCC Premium" (margins wide enough to absorb it) and has
 *   not answered for "Acme WCC India" (PASS): there keeping its ₹0.10 margin would not hold abroad,
 *   which the partner page shows;
 * - an INR card APPLIED 120 days ago (before the 90 days of history): India's utility and
 *   authentication prices from ₹0.11 to today's ₹0.115, passed through by every family then.
 * Runs after the history: Acme's premium family takes two projects whose traffic stopped recently
 * (Pixel Foods and Cedar Dispatch), so both families have a month of volume to simulate on.
 */
export const seedDemoRateCards = async (
  tx: DbOrTx,
  w: { now: Date; acmeId: string; adminId: string; ownerId: string },
) => {
  const now = w.now.getTime();
  const catalogue = await readWccCatalogue(tx);
  const premium = (
    await tx
      .insert(wccFamilies)
      .values({
        id: newId(),
        partnerId: w.acmeId,
        name: 'Acme WCC Premium',
        prices: await premiumPrices(tx),
      })
      .returning()
  )[0]!;
  await tx
    .update(projects)
    .set({ wccPlanId: premium.id })
    .where(and(eq(projects.partnerId, w.acmeId), inArray(projects.name, MOVED)));

  // Scheduled: marketing +8% in four markets, effective at the start of the UTC day 10 days on.
  const effective = new Date(now + 10 * DAY);
  effective.setUTCHours(0, 0, 0, 0);
  const upcoming: RateCardPrices = {};
  for (const country of ['IN', 'AE', 'GB', 'US']) {
    const today = catalogue[country]?.mc;
    if (today) upcoming[country] = { mc: Math.round(today.INR * 1.08) };
  }
  const scheduledId = newId();
  await tx.insert(rateCards).values({
    id: scheduledId,
    currency: 'INR',
    effectiveAt: effective,
    prices: upcoming,
    fileName: 'meta-rates-marketing-inr.csv',
    createdBy: w.adminId,
    createdAt: new Date(now - 2 * DAY),
  });
  await enqueue(tx, {
    kind: RATE_CARD_JOB,
    payload: { cardId: scheduledId },
    runAt: effective,
    key: rateCardJobKey(scheduledId),
  });
  await tx.insert(rateCardFamilies).values({
    cardId: scheduledId,
    partnerId: w.acmeId,
    familyId: premium.id,
    choice: 'KEEP',
    chosenAt: new Date(now - DAY),
    chosenBy: w.ownerId,
  });

  // Applied: India's utility and authentication, from ₹0.11 to what the catalogue has now.
  const appliedAt = new Date(now - 120 * DAY);
  appliedAt.setUTCHours(0, 0, 0, 0);
  const applied: RateCardPrices = {};
  for (const charge of ['uc', 'ac'] as const) {
    const today = catalogue.IN?.[charge];
    if (today) (applied.IN ??= {})[charge] = today.INR;
  }
  const appliedId = newId();
  await tx.insert(rateCards).values({
    id: appliedId,
    currency: 'INR',
    effectiveAt: appliedAt,
    status: 'APPLIED',
    prices: applied,
    fileName: 'meta-rates-utility-2026.csv',
    createdBy: w.adminId,
    createdAt: new Date(appliedAt.getTime() - 14 * DAY),
    appliedAt,
  });
  // Every family then (not the premium one, made for this card's successor) kept its prices before and after, as the job does.
  const older: RateCardPrices = { IN: Object.fromEntries(Object.keys(applied.IN ?? {}).map((c) => [c, 11000])) };
  const families = await tx.select().from(wccFamilies);
  const answers = families
    .filter((f) => f.id !== premium.id)
    .map((f) => ({
      cardId: appliedId,
      partnerId: f.partnerId,
      familyId: f.id,
      choice: 'PASS' as const,
      pricesBefore: pricesUnderCard(f.prices, older, 'INR', 'PASS'),
      pricesAfter: f.prices,
    }));
  if (answers.length > 0) await tx.insert(rateCardFamilies).values(answers);
};
