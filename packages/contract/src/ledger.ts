import { z } from 'zod';

/**
 * The ledger: every change of a partner's central balance or of a project's credit is one
 * billing-log row written in the same transaction as the change (server: `postEntry`), so every
 * balance equals the sum of its rows. Amounts are in 1/100000 of the currency.
 */

/** The balances the ledger moves: the partner's central balance and a project's three credits. */
export const balanceKinds = ['CENTRAL', 'WCC', 'PWC', 'AD_CREDIT'] as const;
export type BalanceKind = (typeof balanceKinds)[number];

export const LedgerAction = z.enum(['ADD', 'SUBTRACT']);
export type LedgerAction = z.infer<typeof LedgerAction>;

/**
 * Billing reason codes. The spec names a fixed list of 18 and shows only some (PLAN_PURCHASE,
 * PLAN_SWITCH, PLAN_RENEWED, PWC and WCC codes, add-on, partnership, billing, balance-update and
 * message-delivery codes); this is the full set. What each means is in `reasonCodeMeanings`.
 */
export const reasonCodes = [
  'ADDON_PURCHASE',
  'ADDON_RENEWAL',
  'PLAN_PURCHASE',
  'PLAN_SWITCH',
  'PLAN_RENEWED',
  'PLAN_REACTIVATED',
  'PARTNERSHIP_FEE',
  'PARTNERSHIP_RENEWAL_REFUND',
  'CENTRAL_BALANCE_RECHARGE',
  'CENTRAL_BALANCE_UPDATE',
  'WCC_CREDIT_ADD',
  'WCC_CREDIT_DEDUCT',
  'PWC_CREDIT_ADD',
  'PWC_CREDIT_DEDUCT',
  'META_AD_CREDIT_UPDATE',
  'TRIAL_CREDIT',
  'MESSAGE_DELIVERY_WCC',
  'MESSAGE_DELIVERY_CENTRAL',
  'MESSAGE_DELIVERY_REFUND',
] as const;
export const ReasonCode = z.enum(reasonCodes);
export type ReasonCode = z.infer<typeof ReasonCode>;

/** A billing-log row's balance and direction, e.g. `CENTRAL SUBTRACT` (money out of the central balance). */
export type LedgerMove = `${BalanceKind} ${LedgerAction}`;

export type ReasonCodeMeaning = {
  /**
   * The rows one occurrence writes. `all`: every listed row, in one transaction (a transfer
   * between two balances); `one`: one row, any of the listed.
   */
  rows: { all: readonly LedgerMove[] } | { one: readonly LedgerMove[] };
  /**
   * Who writes it: `console` (a call of this console, named in `by`), `charging` (the message
   * events the platform reports), or `outside` (data the console receives and does not make:
   * payments, renewals, staff corrections, trial grants; the demo seed writes some of them).
   */
  source: 'console' | 'charging' | 'outside';
  by: string;
  meaning: string;
};

const central = (action: LedgerAction) => ({ one: [`CENTRAL ${action}`] }) as const;
const transfer = (credit: Exclude<BalanceKind, 'CENTRAL'>, action: LedgerAction) =>
  ({ all: [`${credit} ${action}`, `CENTRAL ${action === 'ADD' ? 'SUBTRACT' : 'ADD'}`] }) as const;

export const reasonCodeMeanings = {
  ADDON_PURCHASE: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'POST and PATCH /partner/{partnerId}/project/{id}/addon',
    meaning:
      "An add-on activated on a project (the partner's price, times the flow tiers for the flow builder), or the flow tiers a modify adds.",
  },
  ADDON_RENEWAL: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'the renewals job (server modules/renewals, every RENEWALS_MINUTES)',
    meaning:
      "An active add-on's next period at its renewal date: the partner's current price of its plan (Monthly or Yearly, the flow builder by its flow count); short of money the add-on is paused instead.",
  },
  PLAN_PURCHASE: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'PATCH .../billing/switch-plan',
    meaning:
      "A project's first paid subscription plan: the family's partner price, when the project never had one before.",
  },
  PLAN_SWITCH: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'PATCH .../billing/switch-plan',
    meaning:
      "A project moved to another paid plan: the new plan's full partner price (no pro-rating, nothing refunded).",
  },
  PLAN_RENEWED: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'the renewals job (server modules/renewals, every RENEWALS_MINUTES), and POST /superadmin/projects/{id}/renew-plan (the super-admin, monthly v3 plans)',
    meaning:
      "A subscription plan's next period, at its renewal date (or earlier, renewed by the super-admin): the family's partner price of the plan; short of money the project turns unpaid instead.",
  },
  PLAN_REACTIVATED: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'PATCH .../billing/reactivate-project',
    meaning: 'A stopped project billed again: a new period of the chosen paid plan.',
  },
  PARTNERSHIP_FEE: {
    rows: central('SUBTRACT'),
    source: 'console',
    by: 'the renewals job (server modules/renewals, every RENEWALS_MINUTES)',
    meaning:
      "The partner's own partnership fee for one more year, on its partnership renewal date; short of money it stays due (the renewal banner says overdue).",
  },
  PARTNERSHIP_RENEWAL_REFUND: {
    rows: central('ADD'),
    source: 'console',
    by: 'POST /superadmin/partners/{id}/partnership-refund (the super-admin)',
    meaning: 'A partnership fee given back: the latest PARTNERSHIP_FEE row not refunded yet, once, whole.',
  },
  CENTRAL_BALANCE_RECHARGE: {
    rows: central('ADD'),
    source: 'console',
    by: 'POST /superadmin/partners/{id}/recharge (the super-admin records a gateway payment; the demo seed and the traffic simulator too)',
    meaning:
      'Money the partner paid into its central balance: payment, order and invoice ids and the invoice PDF on the row, amountWithTax with the GST.',
  },
  CENTRAL_BALANCE_UPDATE: {
    rows: { one: ['CENTRAL ADD', 'CENTRAL SUBTRACT'] },
    source: 'console',
    by: 'POST /superadmin/partners/{id}/correction (the super-admin)',
    meaning: 'A manual correction of the central balance, either way, never below zero; the reason is the message.',
  },
  WCC_CREDIT_ADD: {
    rows: transfer('WCC', 'ADD'),
    source: 'console',
    by: 'PATCH .../billing/wcc, ADD; POST /superadmin/projects/{id}/template-credit; the Free WCC credit of POST /partner/{partnerId}/business/create and of the embedded sign-up outside a trial',
    meaning:
      "WCC (template) credit bought for a project with the partner's central balance (by the partner, added by platform staff, or given as the partner's Free WCC credit to a new customer's project; the entries say which).",
  },
  WCC_CREDIT_DEDUCT: {
    rows: transfer('WCC', 'SUBTRACT'),
    source: 'console',
    by: 'PATCH .../billing/wcc, SUBTRACT',
    meaning: 'WCC credit taken back from a project into the central balance.',
  },
  PWC_CREDIT_ADD: {
    rows: transfer('PWC', 'ADD'),
    source: 'console',
    by: 'PATCH .../billing/pwc, ADD',
    meaning: "Partner WhatsApp credit bought for a project with the partner's central balance.",
  },
  PWC_CREDIT_DEDUCT: {
    rows: transfer('PWC', 'SUBTRACT'),
    source: 'console',
    by: 'PATCH .../billing/pwc, SUBTRACT',
    meaning: 'Partner WhatsApp credit taken back from a project into the central balance.',
  },
  META_AD_CREDIT_UPDATE: {
    rows: transfer('AD_CREDIT', 'ADD'),
    source: 'console',
    by: 'PATCH .../billing/adCredit, ADD only',
    meaning:
      "Meta Ads credit bought for a project with the partner's central balance (hidden from partners flagged hideMetaAdCreditUpdate).",
  },
  TRIAL_CREDIT: {
    rows: { one: ['WCC ADD'] },
    source: 'outside',
    by: 'the platform when it grants a trial (the demo seed for opening credits)',
    meaning: "Free WCC credit given to a trial project; it comes from no one's central balance.",
  },
  MESSAGE_DELIVERY_WCC: {
    rows: { one: ['WCC SUBTRACT'] },
    source: 'charging',
    by: 'POST /platform/message-events',
    meaning: "A new conversation, or since per-message pricing a message, charged to the project's WCC credit.",
  },
  MESSAGE_DELIVERY_CENTRAL: {
    rows: central('SUBTRACT'),
    source: 'charging',
    by: 'POST /platform/message-events',
    meaning:
      "A new conversation, or since per-message pricing a message, charged to the partner's central balance (the project's WCC credit did not cover it).",
  },
  MESSAGE_DELIVERY_REFUND: {
    rows: { one: ['WCC ADD', 'CENTRAL ADD'] },
    source: 'charging',
    by: 'POST /platform/message-events, Meta status webhooks',
    meaning:
      'A charged message that failed undelivered given back to the balance that paid it: Meta charges only delivered messages.',
  },
} as const satisfies Record<ReasonCode, ReasonCodeMeaning>;
