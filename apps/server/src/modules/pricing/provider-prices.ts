import {
  planLabel,
  pricingTexts,
  wccChargeTypes,
  wccFieldOf,
  type ChargeInput,
  type CreateWccPlanRequest,
  type PaymentSlab,
  type PlanFamily,
  type ProviderWccPlan,
  type WccChargeType,
  type WccPrices,
} from '@pc/contract';
import { badRequest } from '../../platform/errors/app-error.js';
import type { PlanCatalogue, WccCatalogue } from './catalogue.js';

/**
 * The rule of every family (doc 3 section 5): a partner price is the provider's price plus a margin
 * that is never negative. These functions check or build a family's prices against the catalogue;
 * a price below the provider's, or a plan or country the provider does not sell, is a 400.
 */

export const checkPlanPrices = (plans: PlanFamily['plans'], catalogue: PlanCatalogue): void => {
  for (const [plan, prices] of Object.entries(plans) as [keyof PlanCatalogue, { INR: number; USD: number }][]) {
    const provider = catalogue[plan];
    if (!provider) throw badRequest(pricingTexts.unknownPlan, { [plan]: pricingTexts.unknownPlan });
    for (const currency of ['INR', 'USD'] as const)
      if (prices[currency] < provider[currency])
        throw badRequest(pricingTexts.belowProvider(`${planLabel(plan)} (${currency})`));
  }
};

type ChargesByType = Partial<Record<WccChargeType, Record<string, ChargeInput>>>;

/** The create call's long field names (business_initiated, ...) as charge types (bic, ...). */
export const chargesOfCreate = (body: CreateWccPlanRequest): ChargesByType =>
  Object.fromEntries(wccChargeTypes.map((type) => [type, body[wccFieldOf[type]]]));

/**
 * A family's prices: every country and charge type the provider prices, at the provider's price,
 * with the margin sent for it (margins of `base` for what is not sent; 0 when neither has one).
 */
export const wccPricesFrom = (catalogue: WccCatalogue, sent: ChargesByType, base: WccPrices = {}): WccPrices => {
  for (const [type, byCountry] of Object.entries(sent))
    for (const country of Object.keys(byCountry ?? {}))
      if (!catalogue[country]?.[type as WccChargeType]) throw badRequest(pricingTexts.unknownCountry(country));
  const prices: WccPrices = {};
  for (const [country, charges] of Object.entries(catalogue))
    for (const [type, provider] of Object.entries(charges) as [WccChargeType, { INR: number; USD: number }][]) {
      const margin = sent[type]?.[country] ?? base[country]?.[type];
      (prices[country] ??= {})[type] = {
        INR: provider.INR,
        USD: provider.USD,
        inrMargin: Math.max(0, margin?.inrMargin ?? 0),
        usdMargin: Math.max(0, margin?.usdMargin ?? 0),
      };
    }
  return prices;
};

/** The catalogue as the provider-pricing call answers it: one field per charge type, then country. */
export const providerWccPlanOf = (catalogue: WccCatalogue): ProviderWccPlan => {
  const plan = Object.fromEntries(Object.values(wccFieldOf).map((f) => [f, {}])) as ProviderWccPlan;
  for (const [country, charges] of Object.entries(catalogue))
    for (const [type, charge] of Object.entries(charges)) plan[wccFieldOf[type as WccChargeType]][country] = charge;
  return plan;
};

/** A payments family has the provider's slabs (same start amounts, in order), each fee at least the provider's. */
export const checkSlabs = (slabs: PaymentSlab[], provider: PaymentSlab[]): void => {
  if (slabs.length !== provider.length || slabs.some((s, i) => s.startAmount !== provider[i]!.startAmount))
    throw badRequest(pricingTexts.slabsMustMatch);
  slabs.forEach((s, i) => {
    if (s.INR.fee < provider[i]!.INR.fee)
      throw badRequest(pricingTexts.belowProvider(`the slab from ${s.startAmount / 100000}`));
  });
};
