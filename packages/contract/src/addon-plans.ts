import { z } from 'zod';

/**
 * Add-on plans (spec doc 3 sections 2 "Add-on plan list", 3 "Add-on plan", 5, 7 and 9): what the
 * provider charges for each add-on and what the partner charges its projects. An add-on is bought
 * Monthly or Yearly; the flow builder is priced in tiers, Tier1 for its first 5 flows and Tier2 for
 * each further 10. Prices are whole 1/100000 units; a partner price is the provider price plus a
 * margin that is never negative, and the server holds that rule.
 */
export const FLOW_BUILDER = 'FLOW_BUILDER';

/** Words an add-on key holds that are not written in title case. */
const addonWords: Record<string, string> = { WHATSAPP: 'WhatsApp', API: 'API', SSO: 'SSO', CTWA: 'CTWA', WA: 'WA' };

/**
 * An add-on as people read it: its key's words (FLOW_BUILDER is "Flow Builder", WHATSAPP_PAY
 * "WhatsApp Pay"). The spec names add-ons by key only; the key stays what the API takes.
 */
export const addonLabel = (key: string): string =>
  key
    .split('_')
    .filter(Boolean)
    .map((w) => addonWords[w] ?? w.charAt(0) + w.slice(1).toLowerCase())
    .join(' ');
/** The flow count defaults to 5 and moves in these steps; Modify never lowers it (doc 3 section 5). */
export const DEFAULT_FLOW_COUNT = 5;
export const flowCountSteps = [-10, 10, 20, 40, 80] as const;
/** Flows are priced in tiers: the first 5 flows, then each further 10 (started). */
export const flowTiers = (flowCount: number) => 1 + Math.ceil(Math.max(0, flowCount - DEFAULT_FLOW_COUNT) / 10);
export const addonPeriods = ['Monthly', 'Yearly'] as const;
export const AddonPeriod = z.enum(addonPeriods);
export type AddonPeriod = z.infer<typeof AddonPeriod>;
export const flowBuilderTiers = ['Tier1', 'Tier2'] as const;
export type FlowBuilderTier = (typeof flowBuilderTiers)[number];
/** How many flows each tier buys (doc 3 section 9). */
export const flowsInTier: Record<FlowBuilderTier, number> = { Tier1: DEFAULT_FLOW_COUNT, Tier2: 10 };

const Units = z.number().int().min(0).max(1_000_000_000_000);
const Price = z.object({ INR: Units, USD: Units });
export type AddonPrice = z.infer<typeof Price>;
const PeriodPrices = z.object({ Monthly: Price, Yearly: Price });
export type PeriodPrices = z.infer<typeof PeriodPrices>;
/** One add-on's plans: Monthly and Yearly, per tier for the flow builder. */
export const AddonPlans = z.union([z.strictObject({ Tier1: PeriodPrices, Tier2: PeriodPrices }), PeriodPrices]);
export type AddonPlans = z.infer<typeof AddonPlans>;

/** A plan's place in an add-on's plans: a period, with its tier for the flow builder. */
export type AddonPlanSlot = { tier: FlowBuilderTier | null; period: AddonPeriod };
export const slotsOf = (addon: string): AddonPlanSlot[] =>
  addon === FLOW_BUILDER
    ? flowBuilderTiers.flatMap((tier) => addonPeriods.map((period) => ({ tier, period })))
    : addonPeriods.map((period) => ({ tier: null, period }));

const isTiered = (plans: AddonPlans): plans is { Tier1: PeriodPrices; Tier2: PeriodPrices } => 'Tier1' in plans;

/** The price in one slot, or undefined when the plans have no such slot (a tiered add-on read flat, or the reverse). */
export const priceAt = (plans: AddonPlans, slot: AddonPlanSlot): AddonPrice | undefined => {
  if (slot.tier) return isTiered(plans) ? plans[slot.tier][slot.period] : undefined;
  return isTiered(plans) ? undefined : plans[slot.period];
};

/** Plans with every slot's price mapped (the same shape back). */
export const mapPlans = (
  addon: string,
  plans: AddonPlans,
  f: (price: AddonPrice, slot: AddonPlanSlot) => AddonPrice,
): AddonPlans => {
  const at = (tier: FlowBuilderTier | null): PeriodPrices => ({
    Monthly: f(priceAt(plans, { tier, period: 'Monthly' })!, { tier, period: 'Monthly' }),
    Yearly: f(priceAt(plans, { tier, period: 'Yearly' })!, { tier, period: 'Yearly' }),
  });
  return addon === FLOW_BUILDER ? { Tier1: at('Tier1'), Tier2: at('Tier2') } : at(null);
};

/** Whether plans have exactly the slots this add-on is priced in. */
export const fitsAddon = (addon: string, plans: AddonPlans): boolean => (addon === FLOW_BUILDER) === isTiered(plans);

/** The slot whose price the console shows beside an add-on (its `price`): Monthly, Tier1's for the flow builder. */
export const headlineSlot = (addon: string): AddonPlanSlot => ({
  tier: addon === FLOW_BUILDER ? 'Tier1' : null,
  period: 'Monthly',
});

/**
 * The plans a partner charges for an add-on: its saved plans, each slot at least the provider's;
 * before any are saved, the provider's plans plus the margin its monthly `price` has over the
 * provider's monthly price (so a price set before plans existed keeps its margin).
 */
export const effectiveAddonPlans = (
  addon: string,
  offered: { price: Partial<Record<'INR' | 'USD', number>>; partnerPlans?: AddonPlans | undefined },
  provider: AddonPlans,
): AddonPlans => {
  const saved = offered.partnerPlans && fitsAddon(addon, offered.partnerPlans) ? offered.partnerPlans : null;
  const headline = priceAt(provider, headlineSlot(addon));
  const margin = (c: 'INR' | 'USD') => Math.max(0, (offered.price[c] ?? 0) - (headline?.[c] ?? 0));
  return mapPlans(addon, provider, (p, slot) => {
    const own = saved && priceAt(saved, slot);
    return own
      ? { INR: Math.max(p.INR, own.INR), USD: Math.max(p.USD, own.USD) }
      : { INR: p.INR + margin('INR'), USD: p.USD + margin('USD') };
  });
};

/**
 * A yearly price as its monthly equivalent, in stored units: a twelfth (the spec divides the stored
 * yearly price by 1,200,000 to show currency units, doc 3 section 5: 100,000 units times 12 months).
 */
export const monthlyEquivalent = (yearly: number): number => Math.round(yearly / 12);

/**
 * What a project pays for an add-on in one period: the plan's price, and for the flow builder the
 * Tier1 price for the first 5 flows plus the Tier2 price for each further 10 (started) flows.
 */
export const addonCharge = (
  addon: string,
  plans: AddonPlans,
  period: AddonPeriod,
  currency: 'INR' | 'USD',
  flowCount = DEFAULT_FLOW_COUNT,
): number => {
  if (addon !== FLOW_BUILDER) return priceAt(plans, { tier: null, period })?.[currency] ?? 0;
  const extraTiers = flowTiers(flowCount) - 1;
  const tier1 = priceAt(plans, { tier: 'Tier1', period })?.[currency] ?? 0;
  const tier2 = priceAt(plans, { tier: 'Tier2', period })?.[currency] ?? 0;
  return tier1 + extraTiers * tier2;
};

// ---- The calls (doc 3 section 7; the provider's list is ours, beside the three provider calls) ----

/** The provider's add-on plans, per add-on. */
export const ProviderAddonPlansResponse = z.object({ aisensyAddonPlans: z.record(z.string(), AddonPlans) });
export type ProviderAddonPlansResponse = z.infer<typeof ProviderAddonPlansResponse>;

/** The partner's prices for one add-on (`key`); each at least the provider's price. */
export const UpdateAddonPlanRequest = z.object({
  key: z.string().trim().min(1).max(40),
  partnerPlans: AddonPlans,
});
export type UpdateAddonPlanRequest = z.infer<typeof UpdateAddonPlanRequest>;
export const UpdateAddonPlanAnswer = z.object({ message: z.string() });
export type UpdateAddonPlanAnswer = z.infer<typeof UpdateAddonPlanAnswer>;

export const addonPlanTexts = {
  // Doc 3 section 8, verbatim.
  updateFailed: 'plan update failed',
  // Ours: the spec gives no text for these.
  title: 'Add-on Plans',
  updated: 'Add-on plan updated successfully',
  needsZoho: 'Add-on plans are priced here only with the Zoho integration.',
  unknownAddon: 'This add-on is not in the provider catalogue.',
  notOffered: 'This add-on is not offered by the partner.',
  wrongSlots: (addon: string) =>
    addon === FLOW_BUILDER
      ? 'Price Tier1 and Tier2, each Monthly and Yearly.'
      : 'Price Monthly and Yearly (the flow builder alone has tiers).',
  belowProvider: (addon: string, slot: AddonPlanSlot) =>
    `The partner price of ${addon} ${slot.tier ? `${slot.tier} ` : ''}${slot.period} cannot be below the provider price.`,
} as const;
