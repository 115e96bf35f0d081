import type { CurrencyPrices, PaymentSlab, PlanFamily, WccPrices } from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { paymentPlanFamilies, planFamilies, wccFamilies } from '../platform/db/schema.js';

const units = (inr: number, usd: number): CurrencyPrices => ({
  INR: Math.round(inr * 100000),
  USD: Math.round(usd * 100000),
});

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

const charge = (inr: number, usd: number, inrMargin = 0.1, usdMargin = 0.002) => ({
  INR: Math.round(inr * 100000),
  USD: Math.round(usd * 100000),
  inrMargin: Math.round(inrMargin * 100000),
  usdMargin: Math.round(usdMargin * 100000),
});

/** A WCC family priced for India and a default for other countries. */
export const makeWccFamily = async (db: DbOrTx, partnerId: string, name: string, prices?: WccPrices) => {
  const [row] = await db
    .insert(wccFamilies)
    .values({
      id: newId(),
      partnerId,
      name,
      prices: prices ?? {
        IN: {
          mc: charge(0.88, 0.0107),
          uc: charge(0.125, 0.0014),
          ac: charge(0.125, 0.0014),
          sc: charge(0, 0),
          bic: charge(0.88, 0.0107),
          uic: charge(0.35, 0.0042),
        },
        default: {
          mc: charge(2.1, 0.025),
          uc: charge(0.9, 0.011),
          ac: charge(0.9, 0.011),
          sc: charge(0, 0),
          bic: charge(2.1, 0.025),
          uic: charge(0.9, 0.011),
        },
      },
    })
    .returning();
  return row!;
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
