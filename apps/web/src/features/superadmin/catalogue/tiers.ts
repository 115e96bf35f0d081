import {
  formatCataloguePrice,
  formatCount,
  tieredChargeTypes,
  type CurrencyPrices,
  type ProviderCatalogue,
  type TieredChargeType,
  type VolumeTierPrice,
} from '@pc/contract';
import { unitsToInput } from '../../plan-details/units';
import { typedUnits } from './amounts';

/** A market of the catalogue: a `wcc` country (or `default`), by the name people read. */
export type Market = { code: string; name: string };
/** A line of the Volume Tiers table: a market's tiers of one charge type, under its list price. */
export type TierLine = Market & { type: TieredChargeType; list: CurrencyPrices | undefined; tiers: VolumeTierPrice[] };
/** A tier as the dialog's fields hold it, as typed; `id` keeps a row's fields when one above is removed. */
export type TierDraft = { id: number; from: string; INR: string; USD: string };

/** Markets by name, the rest of the world last. */
export const byMarketName = (a: Market, b: Market) =>
  a.code === 'default' ? 1 : b.code === 'default' ? -1 : a.name.localeCompare(b.name);

/** Every market and charge type with tiers, by market name then utility before authentication. */
export const tierLinesOf = (catalogue: ProviderCatalogue, name: (code: string) => string): TierLine[] =>
  Object.entries(catalogue.volumeTiers)
    .map(([code, byType]) => ({ code, name: name(code), byType }))
    .sort(byMarketName)
    .flatMap(({ code, name, byType }) =>
      tieredChargeTypes
        .filter((type) => (byType[type]?.length ?? 0) > 0)
        .map((type) => ({ code, name, type, list: catalogue.wcc[code]?.[type], tiers: byType[type]! })),
    );

/** The markets that can have tiers: those with a utility or authentication list price, and which of the two. */
export const tierMarketsOf = (
  wcc: ProviderCatalogue['wcc'],
  name: (code: string) => string,
): (Market & { types: TieredChargeType[] })[] =>
  Object.entries(wcc)
    .map(([code, charges]) => ({ code, name: name(code), types: tieredChargeTypes.filter((type) => charges[type]) }))
    .filter((market) => market.types.length > 0)
    .sort(byMarketName);

/** A tier as a line of text: "from 2,50,00,001: ₹0.1081 / $0.00132" (counts grouped as the console groups them). */
export const tierText = (tier: VolumeTierPrice) =>
  `from ${formatCount(tier.fromMessages)}: ${formatCataloguePrice(tier.INR, 'INR')} / ${formatCataloguePrice(tier.USD, 'USD')}`;

let lastId = 0;
export const blankDraft = (): TierDraft => ({ id: ++lastId, from: '', INR: '', USD: '' });
export const draftsOf = (tiers: readonly VolumeTierPrice[]): TierDraft[] =>
  tiers.map((tier) => ({
    id: ++lastId,
    from: formatCount(tier.fromMessages),
    INR: unitsToInput(tier.INR),
    USD: unitsToInput(tier.USD),
  }));

/** The first message of a tier as typed ("25000001", "2,50,00,001"); null unless a whole number from 2 to 2 billion. */
export const typedFrom = (text: string): number | null => {
  const digits = text.replace(/[,\s]/g, '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 2 && n <= 2_000_000_000 ? n : null;
};

/** The tiers the fields hold, in their order; null while a field is not a number or an amount. */
export const typedTiers = (drafts: readonly TierDraft[]): VolumeTierPrice[] | null => {
  const tiers: VolumeTierPrice[] = [];
  for (const draft of drafts) {
    const fromMessages = typedFrom(draft.from);
    const INR = typedUnits(draft.INR);
    const USD = typedUnits(draft.USD);
    if (fromMessages === null || INR === null || USD === null) return null;
    tiers.push({ fromMessages, INR, USD });
  }
  return tiers;
};

export const sameTiers = (a: readonly VolumeTierPrice[], b: readonly VolumeTierPrice[]) =>
  a.length === b.length &&
  a.every((tier, i) => tier.fromMessages === b[i]!.fromMessages && tier.INR === b[i]!.INR && tier.USD === b[i]!.USD);
