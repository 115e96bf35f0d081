import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { pricingModels } from '../../platform/db/schema.js';
import { localDateIn } from '../../platform/time/local-date.js';

/**
 * How Meta prices messages from a day on (the `pricing_models` rows, written by migrations from
 * Meta's pricing pages): conversations (CBP) or messages one by one (PMP), and what is free. A day
 * starts at 12 am in the WhatsApp Business Account's time zone, as Meta dates its changes; the
 * console reads the client business's zone.
 */
export type PricingModel = Pick<
  typeof pricingModels.$inferSelect,
  | 'currency'
  | 'effectiveFrom'
  | 'model'
  | 'serviceCharged'
  | 'utilityInWindowCharged'
  | 'serviceFreePerMonth'
  | 'volumeTiers'
>;

/** Before any row: conversations, service charged (Meta's pricing until November 2024). */
const ORIGINAL: Omit<PricingModel, 'currency'> = {
  effectiveFrom: '1970-01-01',
  model: 'CBP',
  serviceCharged: true,
  utilityInWindowCharged: false,
  serviceFreePerMonth: 0,
  volumeTiers: false,
};

export const loadPricingModels = async (db: DbOrTx): Promise<PricingModel[]> =>
  db
    .select({
      currency: pricingModels.currency,
      effectiveFrom: pricingModels.effectiveFrom,
      model: pricingModels.model,
      serviceCharged: pricingModels.serviceCharged,
      utilityInWindowCharged: pricingModels.utilityInWindowCharged,
      serviceFreePerMonth: pricingModels.serviceFreePerMonth,
      volumeTiers: pricingModels.volumeTiers,
    })
    .from(pricingModels)
    .orderBy(asc(pricingModels.effectiveFrom));

/** The model in force at `at` for a project of this currency whose business keeps this time zone. */
export const modelAt = (
  models: readonly PricingModel[],
  currency: 'INR' | 'USD',
  at: Date,
  timezone: string,
): PricingModel => {
  const day = localDateIn(at, timezone);
  let found: PricingModel = { currency, ...ORIGINAL };
  for (const m of models) if (m.currency === currency && m.effectiveFrom <= day) found = m;
  return found;
};
