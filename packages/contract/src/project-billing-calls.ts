import { z } from 'zod';
import { LedgerAction } from './ledger.js';
import { AddonPeriod } from './addon-plans.js';
import { CurrencyPrices, SubscriptionPlanName } from './plans.js';
import { ProjectStatus } from './projects.js';

/**
 * Calls of the project's plan, credit, add-on, defaults, delete and status actions (spec doc 2
 * sections 4, 5.3 and 7.3; doc 3 section 7). A partnerId in a path or body is ignored: the
 * partner is the session's.
 */
export const projectBillingTexts = {
  // The credit dialogs' amount must be greater than 0 (doc 2 section 5.3): conversation and ad credit say
  // invalidAmount, partner credit invalidPartnerAmount.
  invalidAmount: 'Invalid amount',
  invalidPartnerAmount: 'Enter a valid amount value',
  // The project billing calls' answer to an amount that is no valid credit (doc 3 sections 5 and 8,
  // 'Invalid credit'), and the dialogs' alert for a positive amount the calls would refuse.
  invalidCredit: 'Invalid Amount',
  planUpdated: 'Successfully updated plan',
  wccPlanChanged: 'Successfully changed wcc plan',
  paymentPlanSet: 'Successfully Updated',
  planStopped: 'Plan stopped!',
  planReactivated: 'plan reactivated Successfully',
  adCreditUpdated: 'Successfully updated Ad Credit',
  wccUpdated: 'Successfully updated Wcc',
  partnerCreditUpdated: 'Successfully Updated',
  updated: 'Updated successfully',
  statusUpdated: 'Successfully Updated',
  projectDeleted: 'Project deleted successfully',
  addonActivated: 'Addon activated successfully',
  addonUpdated: 'Addon updated successfully',
  addonRemoved: 'Addon removed successfully',
  // Rules the spec leaves to the product (its words where it has them).
  adCreditAddOnly: 'Ad credit can only be added',
  // Ours: doc 3 section 6 offers ad credit on a project that is not live only with the partner's flag.
  adCreditNotLive: 'Ad credit can be added once the project is live on WhatsApp.',
  // Ours: doc 3 section 6 offers the ad credit section only when the currency is not USD.
  adCreditNotInUsd: 'Ad credit is not available for projects billed in USD.',
  alreadyStopped: 'Billing of this project is already stopped.',
  notStopped: 'Billing of this project is not stopped.',
  stoppedProject: 'Billing of this project is stopped: reactivate it first.',
  samePlan: 'The project is already on this plan.',
  planNotInFamily: 'This plan is not in the chosen plan family.',
  paymentsAddonInactive: 'The WhatsApp Payments add-on is not active.',
  addonAlreadyActive: 'This add-on is already active on the project.',
  addonNotActive: 'This add-on is not active on the project.',
  flowCountDecrease: 'Decreasing the flow count is not permitted, contact support.',
  invalidFlowCount: 'The flow count must be a whole number from 1 to 10000.',
  invalidCountry: 'Select a valid country',
  invalidAbout: 'About must have 1 to 139 characters',
  idempotencyKeyTooLong: 'The Idempotency-Key header has at most 200 characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request.',
  oneDefault: 'Send either isoCode or whatsAppAbout',
  deleteSuccessStatus: '#28C153',
} as const;

const id = z.string().trim().min(1).max(64);

/**
 * The header every money-moving call accepts (credits, plan switch, reactivation, add-on activate
 * and modify): one key per user action, sent again with a retry of it. A retry with the same key
 * moves no money and answers like the first; the same key on another request is a 409
 * (`idempotencyKeyReused`). Empty means no key.
 */
export const IDEMPOTENCY_KEY_MAX = 200;
export const IdempotencyKeyHeader = z.object({
  'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX, projectBillingTexts.idempotencyKeyTooLong).optional(),
});
/** The largest credit change one call makes: 1,000,000,000 in currency units. */
export const MAX_CREDIT_UNITS = 1e14;
/**
 * A credit change's amount in 1/100000 of the currency: a whole number of units, greater than 0, at
 * most MAX_CREDIT_UNITS; anything else is 'Invalid Amount' (doc 3 section 5, "credit amounts in
 * project billing"), whichever of the three credits.
 */
const invalidCredit = projectBillingTexts.invalidCredit;
export const CreditAmount = z
  .number({ error: invalidCredit })
  .int(invalidCredit)
  .positive(invalidCredit)
  .max(MAX_CREDIT_UNITS, invalidCredit);

/** PATCH .../billing/wcc and .../billing/pwc. Amount in 1/100000 of the currency. */
export const CreditRequest = z.object({ amount: CreditAmount, action: LedgerAction });
export type CreditRequest = z.infer<typeof CreditRequest>;
export const AdCreditRequest = z.object({
  amount: CreditAmount,
  action: z.literal('ADD', { error: projectBillingTexts.adCreditAddOnly }),
});
export const CreditResponse = z.object({ credit: z.number().int(), message: z.string() });
export type CreditResponse = z.infer<typeof CreditResponse>;
/**
 * The partner credit's answer: `credit` like its siblings (doc 3 section 7) and `partner_credit`,
 * the field doc 2 section 7.3 says the console reads; both are the new partner WhatsApp credit.
 */
export const PartnerCreditResponse = CreditResponse.extend({ partner_credit: z.number().int() });
export type PartnerCreditResponse = z.infer<typeof PartnerCreditResponse>;

export const SwitchPlanRequest = z.object({ newFamilyId: id, newPlanId: SubscriptionPlanName });
export type SwitchPlanRequest = z.infer<typeof SwitchPlanRequest>;
export const ReactivateProjectRequest = z.object({ familyId: id, defaultPlan: SubscriptionPlanName });
export type ReactivateProjectRequest = z.infer<typeof ReactivateProjectRequest>;
export const UpdateWccPlanRequest = z.object({ assistantId: id, wccPlanId: id });
export const SetPaymentPlanRequest = z.object({ assistantId: id, paymentPlanId: id });

export const ChangeProjectStatusRequest = z.object({
  status: ProjectStatus,
  assistantId: id,
  partnerId: z.string().max(64).optional(),
});

export const whatsAppAboutMax = 139;
/**
 * A project's defaults (its country or WhatsApp About), or with no assistantId the partner's own,
 * which new projects start with (Manage, Defaults; manage write).
 */
export const SetDefaultConfigsRequest = z
  .object({
    assistantId: id.optional(),
    isoCode: z
      .string()
      .regex(/^[A-Z]{2}$/, projectBillingTexts.invalidCountry)
      .optional(),
    whatsAppAbout: z
      .string()
      .trim()
      .min(1, projectBillingTexts.invalidAbout)
      .max(whatsAppAboutMax, projectBillingTexts.invalidAbout)
      .optional(),
  })
  .refine((b) => (b.isoCode === undefined) !== (b.whatsAppAbout === undefined), projectBillingTexts.oneDefault);
export type SetDefaultConfigsRequest = z.infer<typeof SetDefaultConfigsRequest>;

const addonName = z.string().trim().min(1).max(40);
const flowCount = z
  .number({ error: projectBillingTexts.invalidFlowCount })
  .int(projectBillingTexts.invalidFlowCount)
  .min(1, projectBillingTexts.invalidFlowCount)
  .max(10000, projectBillingTexts.invalidFlowCount);
/**
 * The add-on plan a project buys (the calls' partnerPlans): Monthly unless Yearly is chosen (the
 * quarterly plan is hidden, doc 3 section 5). Its price is the partner's plan price at the time.
 */
const partnerPlans = z.object({ plan: AddonPeriod });
export const AddonRequest = z.object({
  addon: addonName,
  flowCount: flowCount.optional(),
  partnerPlans: partnerPlans.optional(),
});
export type AddonRequest = z.infer<typeof AddonRequest>;
export const RemoveAddonRequest = z.object({ addon: addonName });
export const ProjectAddon = z.object({
  name: z.string(),
  status: z.enum(['ACTIVE', 'PAUSED']),
  flowCount: z.number().int().nullable(),
  partnerPlans: partnerPlans.nullable(),
});
export type ProjectAddon = z.infer<typeof ProjectAddon>;
export const AddonResponse = z.object({ addon: ProjectAddon, message: z.string() });
export type AddonResponse = z.infer<typeof AddonResponse>;

export const ProjectPlanFamily = z.object({
  _id: z.string(),
  name: z.string(),
  plans: z.partialRecord(SubscriptionPlanName, CurrencyPrices),
  defaultPlan: z.string().nullable(),
});
export type ProjectPlanFamily = z.infer<typeof ProjectPlanFamily>;
export const ProjectPlanFamilyResponse = z.object({ family: ProjectPlanFamily.nullable() });
export type ProjectPlanFamilyResponse = z.infer<typeof ProjectPlanFamilyResponse>;

export const ProjectActionMessage = z.object({ message: z.string() });
export const DeleteProjectResponse = z.object({ message: z.string(), status: z.string() });
