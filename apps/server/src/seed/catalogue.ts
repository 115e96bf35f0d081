import {
  headlineSlot,
  priceAt,
  type Addon,
  type AddonPlans,
  type CurrencyPrices,
  type PaymentSlab,
  type PlanFamily,
  type WccPrices,
} from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { paymentPlanFamilies, planFamilies, wccFamilies } from '../platform/db/schema.js';
import { readWccCatalogue } from '../modules/pricing/catalogue.js';

const units = (inr: number, usd: number): CurrencyPrices => ({
  INR: Math.round(inr * 100000),
  USD: Math.round(usd * 100000),
});

/** An add-on the partner offers its projects, on its own plans (Manage, Add-on plan list); prices in currency units. */
export const addonOffer = (
  name: string,
  plans: Record<string, { Monthly: [inr: number, usd: number]; Yearly: [inr: number, usd: number] }>,
): Addon => {
  const periods = (p: { Monthly: [number, number]; Yearly: [number, number] }) => ({
    Monthly: units(...p.Monthly),
    Yearly: units(...p.Yearly),
  });
  const partnerPlans = (
    plans.Tier1 && plans.Tier2 ? { Tier1: periods(plans.Tier1), Tier2: periods(plans.Tier2) } : periods(plans.all!)
  ) as AddonPlans;
  return { name, status: 'ACTIVE', price: priceAt(partnerPlans, headlineSlot(name))!, partnerPlans };
};

/** A plan family with the usual plans; prices in currency units are stored times 100000. */
export const makePlanFamily = async (db: DbOrTx, partnerId: string, name: string, plans?: PlanFamily['plans']) => {
  const [row] = await db
    .insert(planFamilies)
    .values({
      id: newId(),
      partnerId,
      name,
      defaultPlan: 'BASIC_MONTHLY',
      plans: plans ?? {
        FREE_FOREVER: units(0, 0),
        BASIC_MONTHLY: units(1499, 19),
        BASIC_YEARLY: units(14990, 190),
        PRO_MONTHLY: units(3299, 42),
        PRO_YEARLY: units(32990, 420),
        ENTERPRISE_MONTHLY: units(9999, 125),
        ENTERPRISE_YEARLY: units(99990, 1250),
      },
    })
    .returning();
  return row!;
};

/**
 * A WCC family over the provider's catalogue (every market it prices): the provider's price plus
 * ₹0.10 or $0.002 a conversation, service at the provider's price.
 */
export const makeWccFamily = async (db: DbOrTx, partnerId: string, name: string, prices?: WccPrices) => {
  const [row] = await db
    .insert(wccFamilies)
    .values({ id: newId(), partnerId, name, prices: prices ?? (await pricedOverCatalogue(db)) })
    .returning();
  return row!;
};

const pricedOverCatalogue = async (db: DbOrTx): Promise<WccPrices> => {
  const prices: WccPrices = {};
  for (const [country, charges] of Object.entries(await readWccCatalogue(db)))
    for (const [type, provider] of Object.entries(charges) as [keyof WccPrices[string], CurrencyPrices][]) {
      const free = type === 'sc';
      (prices[country] ??= {})[type] = { ...provider, inrMargin: free ? 0 : 10000, usdMargin: free ? 0 : 200 };
    }
  return prices;
};

export const makePaymentPlan = async (db: DbOrTx, partnerId: string, name: string, slabs?: PaymentSlab[]) => {
  const [row] = await db
    .insert(paymentPlanFamilies)
    .values({
      id: newId(),
      partnerId,
      name,
      slabs: slabs ?? [
        { startAmount: 0, INR: { fee: 200000 } },
        { startAmount: 10000000000, INR: { fee: 150000 } },
      ],
    })
    .returning();
  return row!;
};
