import { z } from 'zod';
import { AddonPlans, addonPlanTexts, fitsAddon } from './addon-plans.js';
import { formatMoney, MONEY_SCALE, toUnits } from './money.js';
import type { Currency } from './currency.js';
import {
  CurrencyPrices,
  PaymentSlab,
  PlanFamily,
  SubscriptionPlanName,
  WccCharge,
  WhatsappPaymentsPlan,
  wccChargeTypes,
  type WccPrices,
} from './plans.js';

/**
 * Pricing (spec doc 3 sections 2, 3, 5, 7 and 8): the provider's catalogue and the partner's
 * families priced over it. Prices are integers in 1/100000 of the currency; a partner price is
 * always the provider price plus a margin that is never negative, and the server holds that rule.
 */
export const pricingTexts = {
  // Doc 3 section 8, verbatim.
  providerPlansFailed: 'Cannot fetch Aisensy Subscription Plans',
  providerWccFailed: 'Cannot fetch Aisensy WCC Plans',
  providerPaymentsFailed: 'Cannot fetch Aisensy Whatsapp Payment Plans',
  createFailed: 'Unable to create Plan Family. Something went wrong.',
  planFamilyUpdateFailed: 'Plan family update failed',
  wccUpdateFailed: 'WCC family update failed',
  paymentsUpdateFailed: 'WhatsApp Payments plan update failed',
  paymentsSaveFailed: 'something went wrong, try again',
  // Doc 3 section 2: the dialogs and the panel.
  subscriptionTitle: 'Subscription Plan Family',
  wccTitle: 'WCC Family',
  paymentsTitle: 'WhatsApp Payments Plan Family',
  planFamilyDetails: 'Plan Family Details',
  createPlanFamily: 'Create Plan Family',
  wccFamilyDetails: 'WCC Family Details',
  createWccPlan: 'Create Wcc Plan',
  bulkUpdateMargin: 'Bulk update margin',
  // Ours: the spec gives no text for these.
  paymentsFamilyDetails: 'WhatsApp Payments Plan Details',
  createPaymentsPlan: 'Create WhatsApp Payments Plan',
  created: 'Plan family created successfully',
  updated: 'Plan family updated successfully',
  nameTaken: (name: string) => `A family named "${name}" already exists. Choose another name.`,
  belowProvider: (what: string) => `The partner price of ${what} cannot be below the provider price.`,
  unknownPlan: 'This plan is not in the provider catalogue.',
  unknownCountry: (code: string) => `The provider has no WCC price for ${code}.`,
  slabsMustMatch: "The slabs must be the provider's slabs: same start amounts, in order.",
  directHasNoPlanDetails: 'DIRECT partners have no Plan Details: the provider prices their projects.',
  waPayInactive: 'The WhatsApp Payments add-on is not active.',
  referralCannotPrice: 'Referral users cannot change prices.',
  familyNotFound: 'Plan family not found.',
  planCannotBeRemoved: 'A plan cannot be removed from a family: projects may be on it.',
  defaultPlanNotPriced: 'The default plan must be one of the priced plans.',
} as const;

/** The long field names of a WCC family (doc 3 section 3) for each charge type of the update call. */
export const wccFieldOf = {
  bic: 'business_initiated',
  uic: 'user_initiated',
  sc: 'service',
  ac: 'authentication',
  mc: 'marketing',
  uc: 'utility',
} as const;
export type WccChargeType = (typeof wccChargeTypes)[number];
/** The charge types the Bulk update margin panel changes (doc 3 section 5). */
export const bulkMarginTypes = ['mc', 'sc', 'uc', 'ac'] as const satisfies readonly WccChargeType[];

/** A recipient country: ISO 3166 alpha-2 in capitals, or `default` for the rest of the world. */
export const WccCountry = z.string().regex(/^([A-Z]{2}|default)$/, 'Country is a two-letter code or "default".');
export const DEFAULT_WCC_COUNTRY = 'default';

/** A price or margin as the calls carry it: whole 1/100000 units, never negative, at most 10 million units. */
const Units = z.number().int().min(0).max(1_000_000_000_000);
const Name = z.string().trim().min(1, 'Enter a name').max(100);

// ---- The provider's catalogue (read by the create and view dialogs) ----

export const ProviderPlanPricingResponse = z.object({
  plans: z.object({ plans: z.partialRecord(SubscriptionPlanName, CurrencyPrices) }),
});
export type ProviderPlanPricingResponse = z.infer<typeof ProviderPlanPricingResponse>;

export const ProviderWccCharge = z.object({ INR: z.number().int(), USD: z.number().int() });
export type ProviderWccCharge = z.infer<typeof ProviderWccCharge>;
const providerField = z.record(z.string(), ProviderWccCharge);
export const ProviderWccPlan = z.object({
  business_initiated: providerField,
  user_initiated: providerField,
  service: providerField,
  authentication: providerField,
  marketing: providerField,
  utility: providerField,
});
export type ProviderWccPlan = z.infer<typeof ProviderWccPlan>;
/** The fixed placeholder the console puts in the provider WCC path (doc 3 section 7). */
export const WCC_PRICING_PLACEHOLDER = 'aisensy';

export const ProviderPaymentsResponse = z.object({ aisensyWhatsappPaymentsSlabs: z.array(PaymentSlab) });
export type ProviderPaymentsResponse = z.infer<typeof ProviderPaymentsResponse>;

// ---- A partner's WCC family on the wire: one field per charge type, each per country ----

const familyField = z.record(WccCountry, WccCharge);
export const WccFamilyFields = z.object({
  business_initiated: familyField,
  user_initiated: familyField,
  service: familyField,
  authentication: familyField,
  marketing: familyField,
  utility: familyField,
});
export type WccFamilyFields = z.infer<typeof WccFamilyFields>;

/** The family as stored and charged (per country, then charge type) read as the calls carry it. */
export const wccFieldsOf = (prices: WccPrices): WccFamilyFields => {
  const fields = Object.fromEntries(Object.values(wccFieldOf).map((f) => [f, {}])) as WccFamilyFields;
  for (const [country, charges] of Object.entries(prices))
    for (const type of wccChargeTypes) {
      const charge = charges[type];
      if (charge) fields[wccFieldOf[type]][country] = charge;
    }
  return fields;
};

/** The calls' shape (per charge type, then country) as stored and charged (per country, then type). */
export const wccPricesOf = (fields: Partial<Record<WccChargeType, Record<string, WccCharge>>>): WccPrices => {
  const prices: WccPrices = {};
  for (const type of wccChargeTypes)
    for (const [country, charge] of Object.entries(fields[type] ?? {})) (prices[country] ??= {})[type] = charge;
  return prices;
};

/** A partner's WCC family as every call answers it (get-partner-wcc-plans, create, update). */
export const WccFamily = WccFamilyFields.extend({ _id: z.string(), name: z.string(), createdAt: z.string() });
export type WccFamily = z.infer<typeof WccFamily>;
export const WccPlansResponse = z.object({ wccPlan: z.array(WccFamily) });
export type WccPlansResponse = z.infer<typeof WccPlansResponse>;

// ---- Creating and updating families (doc 3 section 7) ----

/** The partner's prices per plan and currency; each at least the provider's price. */
const PartnerPlanPrices = z.partialRecord(SubscriptionPlanName, z.object({ INR: Units, USD: Units }));

export const CreatePlanFamilyRequest = z.object({
  name: Name,
  plans: PartnerPlanPrices.refine((plans) => Object.keys(plans).length > 0, 'Price at least one plan.'),
  defaultPlan: SubscriptionPlanName,
  partnerId: z.string().max(100).optional(),
  planType: z.string().max(50).nullish(),
});
export type CreatePlanFamilyRequest = z.infer<typeof CreatePlanFamilyRequest>;
export const PlanFamilyAnswer = z.object({ message: z.string(), planFamily: PlanFamily });
export type PlanFamilyAnswer = z.infer<typeof PlanFamilyAnswer>;

export const UpdatePlanFamiliesRequest = z.object({ planId: z.string().min(1).max(100), plans: PartnerPlanPrices });
export type UpdatePlanFamiliesRequest = z.infer<typeof UpdatePlanFamiliesRequest>;

/** A charge as the dialogs send it: the provider prices are the catalogue's, whatever is sent. */
const ChargeInput = z.object({
  INR: z.number().int().optional(),
  USD: z.number().int().optional(),
  inrMargin: Units,
  usdMargin: Units,
});
export type ChargeInput = z.infer<typeof ChargeInput>;
const chargeField = z.record(WccCountry, ChargeInput);

export const CreateWccPlanRequest = z.object({
  name: Name,
  partnerId: z.string().max(100).optional(),
  business_initiated: chargeField,
  user_initiated: chargeField,
  service: chargeField,
  authentication: chargeField,
  marketing: chargeField,
  utility: chargeField,
});
export type CreateWccPlanRequest = z.infer<typeof CreateWccPlanRequest>;
export const WccFamilyAnswer = z.object({ message: z.string(), partnerWccPlan: WccFamily });
export type WccFamilyAnswer = z.infer<typeof WccFamilyAnswer>;

/** Each charge type sent replaces that type's margins; one left out is unchanged. */
export const UpdateWccFamiliesRequest = z.object({
  wccPlanId: z.string().min(1).max(100),
  bic: chargeField.optional(),
  uic: chargeField.optional(),
  sc: chargeField.optional(),
  ac: chargeField.optional(),
  mc: chargeField.optional(),
  uc: chargeField.optional(),
});
export type UpdateWccFamiliesRequest = z.infer<typeof UpdateWccFamiliesRequest>;

const SlabInput = z.object({ startAmount: Units, INR: z.object({ fee: Units }) });
export const CreatePaymentsPlanRequest = z.object({
  name: Name,
  slabs: z.array(SlabInput).min(1).max(50),
  partnerId: z.string().max(100).optional(),
});
export type CreatePaymentsPlanRequest = z.infer<typeof CreatePaymentsPlanRequest>;
export const UpdatePaymentsPlanRequest = z.object({ slabs: z.array(SlabInput).min(1).max(50) });
export type UpdatePaymentsPlanRequest = z.infer<typeof UpdatePaymentsPlanRequest>;
export const PaymentsPlanAnswer = z.object({ message: z.string(), whatsappPaymentsPlan: WhatsappPaymentsPlan });
export type PaymentsPlanAnswer = z.infer<typeof PaymentsPlanAnswer>;
export const PaymentsPlanIdParams = z.object({ id: z.string().min(1).max(100) });
export const PlanPricingParams = z.object({ projectId: z.string().min(1).max(100) });
export const WccPricingParams = z.object({ placeholder: z.string().min(1).max(100) });

// ---- Margin arithmetic the dialogs and the server share ----

/** The partner price of a charge: provider price plus margin (a negative margin counts as 0). */
export const partnerPrice = (provider: number, margin: number): number => provider + Math.max(0, margin);

/** A margin typed in currency units (e.g. "0.25") as whole 1/100000 units; negative or blank is 0. */
export const marginUnits = (typed: string): number => {
  try {
    return Math.max(0, toUnits(typed));
  } catch {
    return 0;
  }
};

/** Meta's rate cards price a message to 4 decimals (e.g. ₹0.7846): a computed margin keeps that precision. */
export const PRICE_STEP_UNITS = 10;

/**
 * The Bulk update margin panel (doc 3 section 5): Percentage sets the margin to p% of the provider
 * price (partner price = price × (1 + p/100)), rounded to the 4 decimals prices are written in
 * (60% of ₹0.8652 is ₹0.5191, not ₹0.51912); Custom Value sets it to that amount. Never negative.
 */
export const bulkMargin = (provider: number, mode: 'percentage' | 'custom', value: number): number =>
  Math.max(
    0,
    mode === 'percentage'
      ? Math.round((provider * value) / 100 / PRICE_STEP_UNITS) * PRICE_STEP_UNITS
      : Math.round(value * 100000),
  );

// ---- The super-admin's catalogue (ours: the spec's provider is outside the console) ----

export const catalogueTexts = {
  updated: 'Provider prices updated; every family keeps its margin.',
  unknownSlab: 'The provider has no slab starting at this amount.',
  addonName: 'An add-on is named in capitals, digits and underscores (at most 40).',
  tiersInOrder: 'Each volume tier starts above the one before it.',
  tiersStepDown: 'A volume tier’s price is at most the price before it.',
  tierWithoutList: (country: string) => `The provider has no list price to tier for ${country}.`,
} as const;

/** A provider price the super-admin sets: whole 1/100000 units, never negative, at most 10 million units. */
const CatalogueAmount = z
  .number()
  .int('A price has at most 5 decimals.')
  .min(0, 'A price cannot be negative.')
  .max(1_000_000_000_000, 'A price is at most 10,000,000.');
const CataloguePrice = z.object({ INR: CatalogueAmount, USD: CatalogueAmount });

/** The charge types Meta prices by volume tiers: utility (uc) and authentication (ac). */
export const tieredChargeTypes = ['uc', 'ac'] as const;
export type TieredChargeType = (typeof tieredChargeTypes)[number];
/**
 * One of Meta's volume tiers of a market and charge type: from the month's `fromMessages`-th
 * charged message of a client business on, the provider's price per message (docs/charging.md).
 */
export const VolumeTierPrice = z.object({
  fromMessages: z.number().int().min(2, 'A volume tier starts at the 2nd message or later.').max(2_000_000_000),
  INR: CatalogueAmount,
  USD: CatalogueAmount,
});
export type VolumeTierPrice = z.infer<typeof VolumeTierPrice>;
/** A market's tiers of one charge type, in order: each starts later and costs no more than the one before. */
const VolumeTierList = z
  .array(VolumeTierPrice)
  .max(20)
  .superRefine((tiers, ctx) =>
    tiers.forEach((tier, i) => {
      const before = tiers[i - 1];
      if (!before) return;
      if (tier.fromMessages <= before.fromMessages)
        ctx.addIssue({ code: 'custom', path: [i, 'fromMessages'], message: catalogueTexts.tiersInOrder });
      else if (tier.INR > before.INR || tier.USD > before.USD)
        ctx.addIssue({ code: 'custom', path: [i, 'INR'], message: catalogueTexts.tiersStepDown });
    }),
  );
export const VolumeTiers = z.record(WccCountry, z.partialRecord(z.enum(tieredChargeTypes), VolumeTierList));
export type VolumeTiers = z.infer<typeof VolumeTiers>;

/** The provider's WCC prices (doc 3 section 7), and Meta's volume tiers under them (ours, beside the spec's field). */
export const ProviderWccPricingResponse = z.object({ aisensyWccPlan: ProviderWccPlan, volumeTiers: VolumeTiers });
export type ProviderWccPricingResponse = z.infer<typeof ProviderWccPricingResponse>;
/** An add-on as the partners' add-ons name it: capitals, digits and underscores. */
const addonKey = /^[A-Z][A-Z0-9_]{0,39}$/;

/**
 * New provider prices: plans and WCC charges given replace theirs (a new market is added), slab
 * fees given replace theirs (the start amounts stay), add-ons given replace all their plans (a new
 * add-on is added; the flow builder is priced per tier, the others not). Every family moves with it
 * and keeps its margin: partner price = new provider price + the margin it had; so does every
 * partner's price of a changed add-on.
 */
export const UpdateCatalogueRequest = z
  .object({
    plans: z.partialRecord(SubscriptionPlanName, CataloguePrice).optional(),
    wcc: z.record(WccCountry, z.partialRecord(z.enum(wccChargeTypes), CataloguePrice)).optional(),
    slabFees: z.array(z.object({ startAmount: Units, fee: CatalogueAmount })).optional(),
    addons: z.record(z.string(), AddonPlans).optional(),
    /** Replace a market's tiers of a charge type (an empty list removes them). */
    volumeTiers: VolumeTiers.optional(),
  })
  .refine(
    (body) => body.plans || body.wcc || body.slabFees || body.addons || body.volumeTiers,
    'Send plans, wcc, slabFees, addons or volumeTiers.',
  )
  .superRefine((body, ctx) => {
    // Checked here rather than by the record's key schema, whose refusal reads "Invalid key in record".
    for (const [addon, plans] of Object.entries(body.addons ?? {}))
      if (!addonKey.test(addon))
        ctx.addIssue({ code: 'custom', path: ['addons', addon], message: catalogueTexts.addonName });
      else if (!fitsAddon(addon, plans))
        ctx.addIssue({ code: 'custom', path: ['addons', addon], message: addonPlanTexts.wrongSlots(addon) });
  });
export type UpdateCatalogueRequest = z.infer<typeof UpdateCatalogueRequest>;
export const UpdateCatalogueAnswer = z.object({
  message: z.string(),
  /** How many families of each kind were repriced, and how many partners' add-on prices. */
  repriced: z.object({
    plan: z.number().int(),
    wcc: z.number().int(),
    payments: z.number().int(),
    addons: z.number().int(),
  }),
});
export type UpdateCatalogueAnswer = z.infer<typeof UpdateCatalogueAnswer>;

/**
 * The whole provider catalogue (GET /superadmin/catalogue), in the shape the edit takes: plans,
 * WCC per country (or `default`) then charge type, slab fees by start amount, add-on plans.
 */
export const ProviderCatalogue = z.object({
  plans: z.partialRecord(SubscriptionPlanName, CurrencyPrices),
  wcc: z.record(z.string(), z.partialRecord(z.enum(wccChargeTypes), CurrencyPrices)),
  slabFees: z.array(z.object({ startAmount: z.number().int(), fee: z.number().int() })),
  addons: z.record(z.string(), AddonPlans),
  /** Meta's volume tiers per market (a `wcc` country) and charge type, in order. */
  volumeTiers: VolumeTiers,
});
export type ProviderCatalogue = z.infer<typeof ProviderCatalogue>;

/** The super-admin's catalogue screen keeps its WCC country search in the URL (ARCHITECTURE rule 11). */
export const CatalogueUrl = z.object({ country: z.string().max(200).catch('') });
export type CatalogueUrl = z.infer<typeof CatalogueUrl>;

/**
 * A provider price with every decimal it has (2 to 5), in formatMoney's symbol and grouping: a WCC
 * rate of ₹0.7846 or $0.0008 would read as ₹0.78 or $0.00 at 2 decimals.
 */
export const formatCataloguePrice = (units: number, currency: Currency): string => {
  const n = Math.round(units);
  const abs = Math.abs(n);
  const fraction = abs % MONEY_SCALE;
  const whole = formatMoney(abs - fraction, currency).slice(0, -2);
  const decimals = String(fraction).padStart(5, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${n < 0 ? '-' : ''}${whole}${decimals}`;
};
