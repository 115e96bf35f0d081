import { z } from 'zod';
import { LedgerAction } from '../ledger.js';
import { messages } from '../messages.js';
import { MONEY_SCALE, toUnits } from '../money.js';
import { Currency } from '../currency.js';
import { PartnerType } from '../partner.js';
import { EMAIL_PATTERN, isEmailLike } from '../team.js';

/**
 * Partners as accounts: the super-admin creates and edits a partner, records what it
 * paid into its central balance (a recharge, with its invoice), corrects the balance and refunds a
 * partnership fee. The spec shows the partner's side only (doc 1 sections 2 and 3): these texts
 * and rules are ours. Money is in 1/100000 of the currency on the wire; forms take currency units.
 */
export const partnerAccountTexts = {
  created: 'Partner created',
  updated: 'Partner updated',
  recharged: 'Recharge recorded',
  corrected: 'Correction recorded',
  refunded: 'Partnership fee refunded',
  domainTaken: 'Another partner already uses this domain.',
  noFeeToRefund: 'There is no partnership fee to refund.',
  feeAlreadyRefunded: 'This partnership fee was already refunded.',
  paymentRecorded: 'This payment was already recorded.',
  nameRequired: 'Enter the partner name.',
  domainFormat: 'Enter a domain name, e.g. console.example.com.',
  dateFormat: 'Enter a date.',
  quota: 'Enter a whole number from 1 to 1000.',
  amountFormat: 'Enter an amount, with at most 2 decimals.',
  amountTooLarge: 'This amount is too large.',
  amountPositive: 'Enter an amount above zero.',
  paymentId: 'Enter the payment id as the gateway gave it: pay_ and 14 letters or digits.',
  orderId: 'Enter the order id as the gateway gave it: order_ and 14 letters or digits.',
  reasonRequired: 'Enter the reason for the correction.',
  ownerNameRequired: "Enter the owner's name.",
  passwordShort: 'The password needs at least 8 characters.',
  nothingToUpdate: 'Send at least one field to change.',
} as const;

/** The largest amount an account call takes: a billion currency units. */
export const MAX_ACCOUNT_AMOUNT = 1_000_000_000 * MONEY_SCALE;
/** GST on a recharge paid in INR (ours: the platform is an Indian business; USD payments are exports, untaxed). */
export const RECHARGE_GST_PERCENT = 18;
/** One paisa (or cent), in 1/100000: a tax is charged in whole paise. */
const PAISA = MONEY_SCALE / 100;

/**
 * The tax on a recharge of `amount` (1/100000 of the currency): 18 % GST for INR, rounded half up
 * to the whole paisa; none for USD. The server computes it; the recharge dialog shows the same.
 */
export const rechargeTaxOf = (amount: number, currency: Currency): number =>
  currency === 'INR' ? Math.round((amount * RECHARGE_GST_PERCENT) / 100 / PAISA) * PAISA : 0;

/** Razorpay's ids: a prefix and 14 letters or digits. */
export const PAYMENT_ID_PATTERN = /^pay_[A-Za-z0-9]{14}$/;
export const ORDER_ID_PATTERN = /^order_[A-Za-z0-9]{14}$/;
/** A host name of two labels or more, lower case (a tenant's console is found by it). */
export const DOMAIN_PATTERN =
  /^(?=.{4,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

const Units = z
  .number({ error: partnerAccountTexts.amountFormat })
  .int(partnerAccountTexts.amountFormat)
  .min(0, partnerAccountTexts.amountFormat)
  .max(MAX_ACCOUNT_AMOUNT, partnerAccountTexts.amountTooLarge);
const PositiveUnits = Units.min(1, partnerAccountTexts.amountPositive);
const Quota = z
  .number({ error: partnerAccountTexts.quota })
  .int(partnerAccountTexts.quota)
  .min(1, partnerAccountTexts.quota)
  .max(1000, partnerAccountTexts.quota);
const Day = z.iso.date({ error: partnerAccountTexts.dateFormat });
const Domain = z
  .string({ error: partnerAccountTexts.domainFormat })
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, partnerAccountTexts.domainFormat);
const PartnerName = z
  .string({ error: partnerAccountTexts.nameRequired })
  .trim()
  .min(1, partnerAccountTexts.nameRequired)
  .max(100);
const BrandName = z.string().trim().max(100);

/** The new partner's OWNER: signs in with the user name (or email) and password at once. */
export const PartnerOwnerRequest = z.object({
  name: z
    .string({ error: partnerAccountTexts.ownerNameRequired })
    .trim()
    .min(1, partnerAccountTexts.ownerNameRequired)
    .max(80),
  email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .max(254, messages.invalidEmail)
    .regex(EMAIL_PATTERN, messages.invalidEmail),
  loginUsername: z
    .string({ error: messages.invalidUsername })
    .trim()
    .min(1, messages.invalidUsername)
    .max(60)
    .refine((u) => !isEmailLike(u), messages.invalidUsername),
  password: z.string({ error: partnerAccountTexts.passwordShort }).min(8, partnerAccountTexts.passwordShort).max(200),
});

/** POST /superadmin/partners. Money in 1/100000; empty brand name and domain are none. */
export const CreatePartnerRequest = z.object({
  type: PartnerType,
  currency: Currency,
  name: PartnerName,
  brandName: BrandName.nullish(),
  customDomain: Domain.nullish(),
  maxAgents: Quota.default(10),
  maxRoles: Quota.default(5),
  agentSize: Quota.default(10),
  minAllowedBalance: Units.default(0),
  partnershipFee: Units.default(0),
  partnershipRenewalOn: Day.nullish(),
  owner: PartnerOwnerRequest,
});
export type CreatePartnerRequest = z.input<typeof CreatePartnerRequest>;
export const CreatePartnerAnswer = z.object({ message: z.string(), id: z.string() });
export type CreatePartnerAnswer = z.infer<typeof CreatePartnerAnswer>;

/** PATCH /superadmin/partners/{id}: the fields sent change (null clears a brand name, domain or renewal date). */
export const UpdatePartnerRequest = z
  .object({
    name: PartnerName,
    brandName: BrandName.nullable(),
    customDomain: Domain.nullable(),
    maxAgents: Quota,
    maxRoles: Quota,
    agentSize: Quota,
    minAllowedBalance: Units,
    partnershipFee: Units,
    partnershipRenewalOn: Day.nullable(),
  })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), partnerAccountTexts.nothingToUpdate);
export type UpdatePartnerRequest = z.input<typeof UpdatePartnerRequest>;

/** POST /superadmin/partners/{id}/recharge: what the partner paid through the gateway, before tax. */
export const RechargeRequest = z.object({
  amount: PositiveUnits,
  paymentId: z
    .string({ error: partnerAccountTexts.paymentId })
    .trim()
    .regex(PAYMENT_ID_PATTERN, partnerAccountTexts.paymentId),
  orderId: z.string({ error: partnerAccountTexts.orderId }).trim().regex(ORDER_ID_PATTERN, partnerAccountTexts.orderId),
});
export type RechargeRequest = z.input<typeof RechargeRequest>;
export const RechargeAnswer = z.object({
  message: z.string(),
  invoiceId: z.string(),
  invoiceLink: z.string(),
  amount: z.number().int(),
  tax: z.number().int(),
  amountWithTax: z.number().int(),
  centralBalance: z.number().int(),
});
export type RechargeAnswer = z.infer<typeof RechargeAnswer>;

/** POST /superadmin/partners/{id}/correction: the reason is the billing row's message. */
export const CorrectionRequest = z.object({
  action: LedgerAction,
  amount: PositiveUnits,
  reason: z
    .string({ error: partnerAccountTexts.reasonRequired })
    .trim()
    .min(1, partnerAccountTexts.reasonRequired)
    .max(200),
});
export type CorrectionRequest = z.input<typeof CorrectionRequest>;

/** The answer of a correction and of a partnership-fee refund. */
export const BalanceAnswer = z.object({
  message: z.string(),
  amount: z.number().int(),
  centralBalance: z.number().int(),
});
export type BalanceAnswer = z.infer<typeof BalanceAnswer>;

/** An amount typed in currency units ("5000", "12.50") as 1/100000 of the currency. */
const TypedAmount = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, partnerAccountTexts.amountFormat)
  .transform((text) => toUnits(text))
  .pipe(Units);
const TypedPositive = TypedAmount.pipe(PositiveUnits);
const TypedQuota = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, partnerAccountTexts.quota)
  .transform(Number)
  .pipe(Quota);
const TypedDay = z.union([z.literal('').transform(() => null), Day]);
const emptyIsNull = (text: string) => (text === '' ? null : text);

/** The Create Partner and Edit dialogs' fields, as typed; they parse into the requests above. */
export const PartnerFieldsForm = z.object({
  name: PartnerName,
  brandName: BrandName.transform(emptyIsNull),
  customDomain: z.union([z.literal('').transform(() => null), Domain]),
  maxAgents: TypedQuota,
  maxRoles: TypedQuota,
  agentSize: TypedQuota,
  minAllowedBalance: TypedAmount,
  partnershipFee: TypedAmount,
  partnershipRenewalOn: TypedDay,
});
export type PartnerFieldsForm = z.input<typeof PartnerFieldsForm>;

export const CreatePartnerForm = PartnerFieldsForm.extend({
  type: PartnerType,
  currency: Currency,
  owner: PartnerOwnerRequest,
});
export type CreatePartnerForm = z.input<typeof CreatePartnerForm>;

export const RechargeForm = z.object({
  amount: TypedPositive,
  paymentId: RechargeRequest.shape.paymentId,
  orderId: RechargeRequest.shape.orderId,
});
export type RechargeForm = z.input<typeof RechargeForm>;

export const CorrectionForm = z.object({
  action: LedgerAction,
  amount: TypedPositive,
  reason: CorrectionRequest.shape.reason,
});
export type CorrectionForm = z.input<typeof CorrectionForm>;
