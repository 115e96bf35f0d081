import type { WccPrices } from '@pc/contract';
import { familyPrice, type Category, type ConversationPrice } from './price.js';
import type { PricingModel } from './pricing-models.js';

/**
 * The list price of one business-initiated message of the category to the country (one
 * conversation while Meta priced conversations) under the pricing model in force: the family's
 * price, or nothing while the model keeps the category free (service, from 1 November 2024 until
 * 1 October 2026), with what it would have cost as `saved`. What an estimate quotes before anything
 * is sent (a template's price, a rate card's simulation, the campaign estimate, the project API's
 * credit check): no customer service or free entry point window, volume tier or monthly free tier,
 * which depend on the traffic and which charging applies (messages-step.ts), each of them making a
 * message cost less, never more.
 * `undefined` when the family has no price for a charged one.
 */
export const listPrice = (
  prices: WccPrices,
  currency: 'INR' | 'USD',
  country: string,
  category: Category,
  model: Pick<PricingModel, 'serviceCharged'>,
): ConversationPrice | undefined => {
  const family = familyPrice(prices, currency, country, category, 'business');
  // Free by the model even where the family prices nothing, as charging records it (FREE, not UNBILLED).
  if (category === 'service' && !model.serviceCharged)
    return { amount: 0, providerAmount: 0, saved: family?.amount ?? 0 };
  return family;
};
