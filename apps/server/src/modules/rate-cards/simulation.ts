import {
  categoryOfCharge,
  type RateCardChoice,
  type RateCardEffectRow,
  type RateCardFamilyEffect,
  type WccChargeType,
  type WccPrices,
} from '@pc/contract';
import type { RateCardPrices } from '../../platform/db/schema.js';
import { listPrice } from '../charging/list-price.js';
import { categoryMetric, type Category } from '../charging/price.js';
import type { PricingModel } from '../charging/pricing-models.js';
import { pricesUnderCard } from './transform.js';

/** Conversations the provider charged for (not free), by the recipient's country and the category. */
export type Volume = { country: string; category: Category; conversations: number };

type Currency = 'INR' | 'USD';

/** The charge a conversation of the country and category is priced by in a family: its country's row, else `default`. */
const keyOf = (prices: WccPrices, country: string) => (prices[country] ? country : 'default');

/**
 * What a card does to one family over a known volume (pure: the simulation's figures, tested on a
 * known history). Each conversation is priced at its list price under the pricing model in force now
 * (`model`: a service one is free while Meta keeps service free, and charged from 1 October 2026)
 * with the family's prices today, under the card if the family passes the change through, and under
 * the card if it keeps its prices (`pricesUnderCard`, the rule the apply job and charging use):
 * - old cost / new cost: the provider's price today and under the card;
 * - margin if passed: the partner price moves with the card, so the margin is today's;
 * - margin if kept: the partner price stays, so each margin is the old partner price less the new
 *   provider price, never below 0 (where the card's price is above it, the price rises to the cost).
 * Rows: each price of the card the family has, with the family's volume priced by it.
 */
export const familyEffect = (
  family: { id: string; name: string; prices: WccPrices; projects: number },
  card: { prices: RateCardPrices; currency: Currency },
  answer: { choice: RateCardChoice; chosenAt: Date | null },
  volume: Volume[],
  model: Pick<PricingModel, 'serviceCharged'>,
): RateCardFamilyEffect => {
  const passed = pricesUnderCard(family.prices, card.prices, card.currency, 'PASS');
  const kept = pricesUnderCard(family.prices, card.prices, card.currency, 'KEEP');
  const price = (prices: WccPrices, v: Volume) => listPrice(prices, card.currency, v.country, v.category, model);
  const totals = { conversations: 0, oldCost: 0, newCost: 0, revenueToday: 0, marginIfKept: 0, marginIfPassed: 0 };
  const volumeOf = new Map<string, number>();
  for (const v of volume) {
    const today = price(family.prices, v);
    const pass = price(passed, v);
    const keep = price(kept, v);
    // Unpriced, or free by the model (service until October 2026): nothing to pay either way.
    if (!today || !pass || !keep || today.saved !== undefined) continue;
    const n = v.conversations;
    totals.conversations += n;
    totals.oldCost += n * today.providerAmount;
    totals.newCost += n * pass.providerAmount;
    totals.revenueToday += n * today.amount;
    totals.marginIfPassed += n * (pass.amount - pass.providerAmount);
    totals.marginIfKept += n * (keep.amount - keep.providerAmount);
    const key = `${keyOf(family.prices, v.country)}|${categoryMetric[v.category]}`;
    volumeOf.set(key, (volumeOf.get(key) ?? 0) + n);
  }

  const amount = (charge: { INR: number; USD: number }, margin: number) =>
    (card.currency === 'INR' ? charge.INR : charge.USD) + margin;
  const rows: RateCardEffectRow[] = [];
  for (const [country, charges] of Object.entries(card.prices))
    for (const charge of Object.keys(charges) as WccChargeType[]) {
      const today = family.prices[country]?.[charge];
      if (!today) continue;
      const pass = passed[country]![charge]!;
      const keep = kept[country]![charge]!;
      const margin = (c: typeof today) => Math.max(0, card.currency === 'INR' ? c.inrMargin : c.usdMargin);
      const partnerToday = amount(today, margin(today));
      const providerNew = amount(pass, 0);
      rows.push({
        country,
        category: categoryOfCharge[charge],
        conversations: volumeOf.get(`${country}|${charge}`) ?? 0,
        providerToday: amount(today, 0),
        providerNew,
        partnerToday,
        partnerIfKept: amount(keep, margin(keep)),
        partnerIfPassed: amount(pass, margin(pass)),
        keepHolds: partnerToday >= providerNew,
      });
    }
  rows.sort((a, b) => b.conversations - a.conversations || a.country.localeCompare(b.country));
  return {
    familyId: family.id,
    name: family.name,
    projects: family.projects,
    choice: answer.choice,
    chosenAt: answer.chosenAt?.toISOString() ?? null,
    ...totals,
    rows,
  };
};
