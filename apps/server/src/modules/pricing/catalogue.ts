import { asc } from 'drizzle-orm';
import type { CurrencyPrices, PaymentSlab, ProviderWccCharge, SubscriptionPlanName } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { providerPaymentSlabs, providerPlanPrices, providerWccPrices } from '../../platform/db/schema.js';

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

export const readPaymentSlabs = async (db: DbOrTx): Promise<PaymentSlab[]> =>
  (await db.select().from(providerPaymentSlabs).orderBy(asc(providerPaymentSlabs.startAmount))).map((r) => ({
    startAmount: r.startAmount,
    INR: { fee: r.feeInr },
  }));
