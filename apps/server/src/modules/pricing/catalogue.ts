import { asc } from 'drizzle-orm';
import {
  fitsAddon,
  type AddonPlans,
  type CurrencyPrices,
  type PaymentSlab,
  type ProviderCatalogue,
  type ProviderWccCharge,
  type SubscriptionPlanName,
  type VolumeTiers,
} from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import {
  providerAddonPrices,
  providerPaymentSlabs,
  providerPlanPrices,
  providerWccPrices,
} from '../../platform/db/schema.js';
import { loadVolumeTiers } from '../charging/volume-tiers.js';

/** The provider's price of each subscription plan it sells. */
export type PlanCatalogue = Partial<Record<SubscriptionPlanName, CurrencyPrices>>;
/** The provider's conversation prices: country (or `default`), then charge type. */
export type WccCatalogue = Record<string, Partial<Record<WccChargeType, ProviderWccCharge>>>;
type WccChargeType = (typeof providerWccPrices.$inferSelect)['chargeType'];

export const readPlanCatalogue = async (db: DbOrTx): Promise<PlanCatalogue> => {
  const rows = await db.select().from(providerPlanPrices).orderBy(asc(providerPlanPrices.plan));
  return Object.fromEntries(rows.map((r) => [r.plan, { INR: r.inr, USD: r.usd }]));
};

export const readWccCatalogue = async (db: DbOrTx): Promise<WccCatalogue> => {
  const rows = await db
    .select()
    .from(providerWccPrices)
    .orderBy(asc(providerWccPrices.country), asc(providerWccPrices.chargeType));
  const catalogue: WccCatalogue = {};
  for (const r of rows) (catalogue[r.country] ??= {})[r.chargeType] = { INR: r.inr, USD: r.usd };
  return catalogue;
};

/**
 * Meta's volume tiers the provider passes on: per market and charge type, in order. The rows charging
 * prices by (loadVolumeTiers, the one read of the table), grouped as the catalogue shows them.
 */
export const readVolumeTiers = async (db: DbOrTx): Promise<VolumeTiers> => {
  const tiers: VolumeTiers = {};
  for (const t of await loadVolumeTiers(db))
    ((tiers[t.country] ??= {})[t.chargeType] ??= []).push({ fromMessages: t.fromMessages, INR: t.INR, USD: t.USD });
  return tiers;
};

export const readPaymentSlabs = async (db: DbOrTx): Promise<PaymentSlab[]> =>
  (await db.select().from(providerPaymentSlabs).orderBy(asc(providerPaymentSlabs.startAmount))).map((r) => ({
    startAmount: r.startAmount,
    INR: { fee: r.feeInr },
  }));

/** The provider's add-on plans, per add-on; an add-on whose rows do not make whole plans is left out. */
export type AddonCatalogue = Record<string, AddonPlans>;
export const readAddonCatalogue = async (db: DbOrTx): Promise<AddonCatalogue> => {
  const rows = await db.select().from(providerAddonPrices).orderBy(asc(providerAddonPrices.addon));
  const built: Record<string, Record<string, Record<string, CurrencyPrices>>> = {};
  for (const r of rows) ((built[r.addon] ??= {})[r.tier] ??= {})[r.period] = { INR: r.inr, USD: r.usd };
  const catalogue: AddonCatalogue = {};
  for (const [addon, tiers] of Object.entries(built)) {
    const plans = (tiers[''] ?? tiers) as AddonPlans;
    if (fitsAddon(addon, plans) && complete(plans)) catalogue[addon] = plans;
  }
  return catalogue;
};
const complete = (plans: AddonPlans) =>
  ('Tier1' in plans ? [plans.Tier1, plans.Tier2] : [plans]).every((p) => p?.Monthly && p.Yearly);

/** The whole catalogue, as the super-admin reads and edits it. */
export const readCatalogue = async (db: DbOrTx): Promise<ProviderCatalogue> => ({
  plans: await readPlanCatalogue(db),
  wcc: await readWccCatalogue(db),
  slabFees: (await readPaymentSlabs(db)).map((slab) => ({ startAmount: slab.startAmount, fee: slab.INR.fee })),
  addons: await readAddonCatalogue(db),
  volumeTiers: await readVolumeTiers(db),
});
