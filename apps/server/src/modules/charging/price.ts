import type { WccPrices } from '@pc/contract';

export type Category = 'marketing' | 'utility' | 'authentication' | 'service';
export type Initiator = 'business' | 'user';
export type Metric = 'bic' | 'uic' | 'ac' | 'mc' | 'uc' | 'sc';

export const categoryMetric: Record<Category, Metric> = {
  marketing: 'mc',
  utility: 'uc',
  authentication: 'ac',
  service: 'sc',
};
export const initiatorMetric: Record<Initiator, Metric> = { business: 'bic', user: 'uic' };

export const CONVERSATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A conversation's (or message's) price: the partner's (charged) and the provider's under it,
 * 1/100000 of the currency. A free one (service while the pricing model keeps it free) carries what
 * it would have cost the client at the partner's prices as `saved` (0 when the family prices no
 * service), for the margin report.
 */
export type ConversationPrice = { amount: number; providerAmount: number; saved?: number };

/**
 * What the family asks for one charge of the category in the country, whatever the date (the
 * pricing models decide what is free: pricing-models.ts): the provider price plus the partner's
 * margin for the recipient's country (else "default") and the category's charge type (else the
 * initiator's). Under per-message pricing a charge is one message; before it, one conversation.
 */
export const familyPrice = (
  prices: WccPrices,
  currency: 'INR' | 'USD',
  country: string,
  category: Category,
  initiator: Initiator,
): ConversationPrice | undefined => {
  const row = prices[country.toUpperCase()] ?? prices.default;
  const charge = row?.[categoryMetric[category]] ?? row?.[initiatorMetric[initiator]];
  if (!charge) return undefined;
  const provider = Math.max(0, currency === 'INR' ? charge.INR : charge.USD);
  const margin = Math.max(0, currency === 'INR' ? charge.inrMargin : charge.usdMargin);
  return { amount: Math.round(provider + margin), providerAmount: Math.round(provider) };
};

/** The UTC calendar day of an instant, as the analytics day rows key it. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
