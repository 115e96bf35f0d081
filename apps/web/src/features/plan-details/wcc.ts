import {
  marginUnits,
  wccChargeTypes,
  wccFieldOf,
  type Currency,
  type ProviderWccPlan,
  type WccCharge,
  type WccChargeType,
  type WccFamilyFields,
} from '@pc/contract';
import { countryName } from './units';

/** A WCC family's prices per country, then charge type: provider prices (INR, USD) and both margins. */
export type WccBase = Record<string, Partial<Record<WccChargeType, WccCharge>>>;
/** Margins typed in the partner's currency, per country, then charge type (only the ones changed). */
export type WccEdits = Record<string, Partial<Record<WccChargeType, string>>>;

/** A new family starts from the provider's prices with no margin. */
export const baseOfProvider = (plan: ProviderWccPlan): WccBase => {
  const base: WccBase = {};
  for (const type of wccChargeTypes)
    for (const [country, price] of Object.entries(plan[wccFieldOf[type]]))
      (base[country] ??= {})[type] = { INR: price.INR, USD: price.USD, inrMargin: 0, usdMargin: 0 };
  return base;
};

export const baseOfFamily = (family: WccFamilyFields): WccBase => {
  const base: WccBase = {};
  for (const type of wccChargeTypes)
    for (const [country, charge] of Object.entries(family[wccFieldOf[type]])) (base[country] ??= {})[type] = charge;
  return base;
};

export const marginKey = (currency: Currency) => (currency === 'INR' ? 'inrMargin' : 'usdMargin');

/** The countries by name, the rest of the world last. */
export const countryRows = (base: WccBase, restOfWorld: string) =>
  Object.keys(base)
    .map((code) => ({ code, name: countryName(code, restOfWorld) }))
    .sort((a, b) => (a.code === 'default' ? 1 : b.code === 'default' ? -1 : a.name.localeCompare(b.name)));

/**
 * One charge type's prices as the calls carry them: the margin of the partner's currency as typed
 * (or as it was), the other currency's margin kept as it was.
 */
export const chargesOf = (
  base: WccBase,
  edits: WccEdits,
  type: WccChargeType,
  currency: Currency,
  initial: (charge: WccCharge) => string,
) => {
  const key = marginKey(currency);
  const out: Record<string, WccCharge> = {};
  for (const [country, charges] of Object.entries(base)) {
    const charge = charges[type];
    if (!charge) continue;
    out[country] = { ...charge, [key]: marginUnits(edits[country]?.[type] ?? initial(charge)) };
  }
  return out;
};
