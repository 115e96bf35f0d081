import { z } from 'zod';

/** Subscription plan names of a plan family (spec doc 3 section 3). FREE_FOREVER is the Starter Plan. */
export const subscriptionPlanNames = [
  'BASIC_MONTHLY',
  'BASIC_YEARLY',
  'PRO_MONTHLY',
  'PRO_YEARLY',
  'ENTERPRISE_MONTHLY',
  'ENTERPRISE_YEARLY',
  'FREE_FOREVER',
] as const;
export const SubscriptionPlanName = z.enum(subscriptionPlanNames);
export type SubscriptionPlanName = z.infer<typeof SubscriptionPlanName>;

/** Prices in 1/100000 of each currency. */
export const CurrencyPrices = z.object({ INR: z.number().int(), USD: z.number().int() });
export type CurrencyPrices = z.infer<typeof CurrencyPrices>;

export const PlanFamily = z.object({
  _id: z.string(),
  name: z.string(),
  plans: z.partialRecord(SubscriptionPlanName, CurrencyPrices),
  defaultPlan: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanFamily = z.infer<typeof PlanFamily>;

/** WCC charge types: business-initiated, user-initiated, service, authentication, marketing, utility. */
export const wccChargeTypes = ['bic', 'uic', 'sc', 'ac', 'mc', 'uc'] as const;
export const WccCharge = z.object({
  INR: z.number().int(),
  USD: z.number().int(),
  inrMargin: z.number().int(),
  usdMargin: z.number().int(),
});
export type WccCharge = z.infer<typeof WccCharge>;
/** Per country code (e.g. "IN", or "default"), per charge type. */
export const WccPrices = z.record(z.string(), z.partialRecord(z.enum(wccChargeTypes), WccCharge));
export type WccPrices = z.infer<typeof WccPrices>;

export const PaymentSlab = z.object({ startAmount: z.number().int(), INR: z.object({ fee: z.number().int() }) });
export type PaymentSlab = z.infer<typeof PaymentSlab>;
export const WhatsappPaymentsPlan = z.object({
  _id: z.string(),
  name: z.string(),
  slabs: z.array(PaymentSlab),
  createdAt: z.string(),
});
export type WhatsappPaymentsPlan = z.infer<typeof WhatsappPaymentsPlan>;

export const PlanFamiliesResponse = z.object({ planFamily: z.array(PlanFamily) });
export type PlanFamiliesResponse = z.infer<typeof PlanFamiliesResponse>;
export const WhatsappPaymentsPlansResponse = z.object({ whatsappPaymentsPlans: z.array(WhatsappPaymentsPlan) });
export type WhatsappPaymentsPlansResponse = z.infer<typeof WhatsappPaymentsPlansResponse>;
