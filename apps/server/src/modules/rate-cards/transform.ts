import type { RateCardChoice, WccChargeType, WccPrices } from '@pc/contract';
import type { RateCardPrices } from '../../platform/db/schema.js';

type Currency = 'INR' | 'USD';

/**
 * A family's prices once a card is in force, one rule for the simulation, the apply job and
 * charging. For each price the card sets (in its currency; the other currency is untouched) the
 * provider price becomes the card's, and the partner price:
 * - PASS: moves with it, the margin kept (the rule a catalogue change follows too);
 * - KEEP: stays where it was, the margin taking the change, but never below the new provider
 *   price (partner price = max(old partner price, new provider price), so a margin is never < 0).
 * A price the family does not have stays absent (it is charged as before, by `default`).
 */
export const pricesUnderCard = (
  family: WccPrices,
  card: RateCardPrices,
  currency: Currency,
  choice: RateCardChoice,
): WccPrices => {
  const next: WccPrices = { ...family };
  for (const [country, charges] of Object.entries(card)) {
    const row = family[country];
    if (!row) continue;
    const moved = { ...row };
    for (const [type, price] of Object.entries(charges) as [WccChargeType, number][]) {
      const charge = row[type];
      if (!charge) continue;
      const provider = currency === 'INR' ? charge.INR : charge.USD;
      const margin = Math.max(0, currency === 'INR' ? charge.inrMargin : charge.usdMargin);
      const newMargin = choice === 'PASS' ? margin : Math.max(0, provider + margin - price);
      moved[type] =
        currency === 'INR'
          ? { ...charge, INR: price, inrMargin: newMargin }
          : { ...charge, USD: price, usdMargin: newMargin };
    }
    next[country] = moved;
  }
  return next;
};

/** A scheduled card of the project's currency as charging reads it, with the family's answer. */
export type ScheduledCard = { effectiveAt: Date; prices: RateCardPrices; choice: RateCardChoice };
/** An applied card of the project's currency: the family's prices just before its instant. */
export type AppliedCard = { effectiveAt: Date; pricesBefore: WccPrices };

/**
 * The family's prices at an instant (a conversation's start): before an applied card's instant,
 * that card's `pricesBefore` (the earliest such card: the family as it was then); at or after a
 * scheduled card's instant, the family's prices under it (the job has not run yet); else the
 * family's prices. Memoised per card: a batch prices many events with one project's prices.
 */
export const pricesAtInstant = (
  family: WccPrices,
  currency: Currency,
  applied: AppliedCard[],
  scheduled: ScheduledCard[],
): ((at: Date) => WccPrices) => {
  const appliedByTime = [...applied].sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime());
  const scheduledByTime = [...scheduled].sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime());
  const under: WccPrices[] = [];
  const underCards = (count: number): WccPrices => {
    if (count === 0) return family;
    return (under[count - 1] ??= pricesUnderCard(
      underCards(count - 1),
      scheduledByTime[count - 1]!.prices,
      currency,
      scheduledByTime[count - 1]!.choice,
    ));
  };
  return (at) => {
    const before = appliedByTime.find((card) => at < card.effectiveAt);
    if (before) return before.pricesBefore;
    return underCards(scheduledByTime.filter((card) => at >= card.effectiveAt).length);
  };
};
