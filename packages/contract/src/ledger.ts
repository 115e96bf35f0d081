import { z } from 'zod';

/**
 * Billing reason codes. The spec names a fixed list of 18 and shows only some; this is the full
 * set, each with what moves money under it. The balance it moves is in `ledgerReasons`.
 */
export const reasonCodes = [
  'ADDON_PURCHASE', // an add-on activated or modified on a project; paid from the central balance
  'ADDON_RENEWAL', // an add-on's period renewed; paid from the central balance
  'PLAN_PURCHASE', // a project's first paid subscription plan; paid from the central balance
  'PLAN_SWITCH', // a project moved to another plan; the difference is paid or refunded
  'PLAN_RENEWED', // a subscription plan renewed for another period
  'PLAN_REACTIVATED', // a stopped project's billing reactivated
  'PARTNERSHIP_FEE', // the partner's own partnership fee charged at renewal
  'PARTNERSHIP_RENEWAL_REFUND', // a partnership fee returned
  'CENTRAL_BALANCE_RECHARGE', // the partner paid money into its central balance
  'CENTRAL_BALANCE_UPDATE', // a manual correction of the central balance by platform staff
  'WCC_CREDIT_ADD', // WCC (template) credit moved from the central balance to a project
  'WCC_CREDIT_DEDUCT', // WCC credit taken back from a project to the central balance
  'PWC_CREDIT_ADD', // partner WhatsApp credit moved from the central balance to a project
  'PWC_CREDIT_DEDUCT', // partner WhatsApp credit taken back to the central balance
  'META_AD_CREDIT_UPDATE', // Meta Ads credit moved from the central balance to a project
  'TRIAL_CREDIT', // free credit given to a sign-up or API trial project
  'MESSAGE_DELIVERY_WCC', // a conversation charged to a project's WCC credit
  'MESSAGE_DELIVERY_CENTRAL', // a conversation charged to the central balance
] as const;
export const ReasonCode = z.enum(reasonCodes);
export type ReasonCode = z.infer<typeof ReasonCode>;

/** The balances the ledger moves. */
export const balanceKinds = ['CENTRAL', 'WCC', 'PWC', 'AD_CREDIT'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

export const LedgerAction = z.enum(['ADD', 'SUBTRACT']);
export type LedgerAction = z.infer<typeof LedgerAction>;
