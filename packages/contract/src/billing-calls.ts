import { z } from 'zod';
import { balanceKinds, ReasonCode } from './ledger.js';

/** Billings (doc 1 sections 2, 3, 7 and 9): the billing log list, one entry, the project name. */

const BillingDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Invalid date' });

export const BillingActivityListsRequest = z.object({
  skip: z.number().int().min(0).max(1_000_000).default(0),
  rowsPerPage: z.number().int().min(1).max(100).default(10),
  /** One project's logs (/billings/{projectId}); empty or absent: the whole partner. */
  assistantId: z.string().max(100).nullish(),
  fromDate: BillingDate.nullish(),
  toDate: BillingDate.nullish(),
  /** Ours: only these reasons (the Meta Ads Transactions tab asks for the ad credit's, META_AD_CREDIT_UPDATE). */
  reasonCodes: z.array(ReasonCode).max(20).nullish(),
  /** Ours: one balance's side of each move (the Transactions tab: AD_CREDIT). */
  balance: z.enum(balanceKinds).nullish(),
});
export type BillingActivityListsRequest = z.input<typeof BillingActivityListsRequest>;

/** Billing log as the spec names its fields (doc 1 section 3); amount in 1/100000 of the currency. */
export const BillingLog = z.object({
  _id: z.string(),
  partnerId: z.string(),
  assistantId: z.string().nullable(),
  projectId: z.string().nullable(),
  reasonCode: z.string(),
  message: z.string(),
  amount: z.number().int(),
  action: z.enum(['ADD', 'SUBTRACT']),
  businessName: z.string().nullable(),
  assistantName: z.string().nullable(),
  createdAt: z.string(),
  whatsappNumber: z.string().nullable(),
  businessContact: z.string().nullable(),
  email: z.string().nullable(),
  paymentId: z.string().nullable(),
  orderId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceLink: z.string().nullable(),
  /** What was paid with tax (the Transactions tab's GST is amountWithTax − amount); a transfer carries none: the amount. */
  amountWithTax: z.number().int(),
  /** The payment's status; null: complete (shown as Success). */
  status: z.string().nullable(),
  /** Ours: the partner's member who moved the money, as named then; null for what the system wrote (renewals, charging). */
  byName: z.string().nullable(),
});
export type BillingLog = z.infer<typeof BillingLog>;

export const BillingActivityListsResponse = z.object({
  partnerBillingLogs: z.array(BillingLog),
  newSkip: z.number().int(),
  totalprojects: z.number().int(),
  /** True when there are more rows than totalprojects: the count stops 5,000 rows past the page (the pager shows "more than"). */
  moreThan: z.boolean(),
});
export type BillingActivityListsResponse = z.infer<typeof BillingActivityListsResponse>;

export const AssistantIdParams = z.object({ assistantId: z.string().max(100) });
/** wabaLive is added to the spec's answer: the Billings page shows "Waba is not live yet!" from it. */
export const PartnerNameResponse = z.object({ assistantName: z.string(), wabaLive: z.boolean() });
export type PartnerNameResponse = z.infer<typeof PartnerNameResponse>;

export const BillingIdParams = z.object({ partnerId: z.string().max(100), billingId: z.string().max(100) });
/** An array: first the bill, second { assistantName } (null for a partner-level entry). */
export const BillingDetailResponse = z.tuple([BillingLog, z.object({ assistantName: z.string().nullable() })]);
export type BillingDetailResponse = z.infer<typeof BillingDetailResponse>;

export const billingTexts = {
  wabaNotLive: 'Waba is not live yet!',
  title: 'Billing',
  detailTitle: 'Billing Details',
} as const;

/** Messages over 30 characters are cut to 32 characters plus an ellipsis (doc 1 section 9). */
export const truncateBillingMessage = (message: string) =>
  message.length > 30 ? `${message.slice(0, 32)}...` : message;
