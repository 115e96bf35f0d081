import type { lockedLedger } from '../billing/ledger.js';
import type { Category, ConversationPrice, familyPrice } from './price.js';

type LockedLedger = Awaited<ReturnType<typeof lockedLedger>>;
/**
 * A project of the batch as charging needs it: its partner, names for the ledger, its business's
 * time zone (Meta dates its pricing changes by it), and its WCC family's prices at an instant (the
 * rate card in force then: batch-projects.ts); null without a family.
 */
export type ProjectInfo = {
  id: string;
  partnerId: string;
  name: string;
  currency: 'INR' | 'USD';
  businessId: string;
  businessName: string;
  timezone: string;
  pricesAt: ((at: Date) => Parameters<typeof familyPrice>[0]) | null;
};

export const categoryLabel = {
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
} as const;

/** What charging made of one priced unit (a conversation, or under per-message pricing a message). */
export type Charged = {
  status: 'CHARGED' | 'FREE' | 'UNBILLED';
  amount: number;
  /** What the provider charges for it, and (a free one) what it would have cost the client. */
  providerAmount: number;
  saved: number;
  balance: 'WCC' | 'CENTRAL' | null;
  billingLogId: string | null;
};

/** A unit the family does not price (or no family): recorded UNBILLED at 0. */
export const unpriced: Charged = {
  status: 'UNBILLED',
  amount: 0,
  providerAmount: 0,
  saved: 0,
  balance: null,
  billingLogId: null,
};

/** A free unit: the provider takes nothing; what it would have cost the client is kept for the margin report. */
export const freeOf = (wouldBe: ConversationPrice | undefined): Charged => ({
  status: 'FREE',
  amount: 0,
  providerAmount: 0,
  saved: wouldBe?.amount ?? 0,
  balance: null,
  billingLogId: null,
});

/**
 * The rule: the project's template (WCC) credit pays when it covers the whole price, else the
 * partner's central balance when it does; neither goes below zero (the batch holds both rows
 * locked, and its ledger refuses what a balance does not cover). When neither covers it the unit
 * is recorded UNBILLED (its price kept, nothing debited) for the platform to settle. The entry
 * carries `idempotencyKey`, so a unit is never charged twice.
 */
export const chargePrice = (
  ledger: LockedLedger,
  project: ProjectInfo,
  price: ConversationPrice,
  what: { category: Category; country: string; unit: 'conversation' | 'message'; idempotencyKey: string },
  createdAt: Date | undefined,
): Charged => {
  if (price.amount === 0) return { ...freeOf(price), providerAmount: price.providerAmount };
  const priced = { amount: price.amount, providerAmount: price.providerAmount, saved: 0 };
  const entry = {
    partnerId: project.partnerId,
    action: 'SUBTRACT' as const,
    amount: price.amount,
    providerAmount: price.providerAmount,
    message: `${categoryLabel[what.category]} ${what.unit} (${what.country})`,
    projectId: project.id,
    businessId: project.businessId,
    projectName: project.name,
    businessName: project.businessName,
    idempotencyKey: what.idempotencyKey,
    ...(createdAt ? { createdAt } : {}),
  };
  for (const [balance, reasonCode] of [
    ['WCC', 'MESSAGE_DELIVERY_WCC'],
    ['CENTRAL', 'MESSAGE_DELIVERY_CENTRAL'],
  ] as const) {
    const billingLogId = ledger.post({ ...entry, balance, reasonCode });
    if (billingLogId) return { status: 'CHARGED', ...priced, balance, billingLogId };
  }
  return { status: 'UNBILLED', ...priced, balance: null, billingLogId: null };
};

/**
 * Gives a charged message's price back to the balance that paid it (it failed undelivered, and
 * Meta charges only delivered messages). Keyed by the charge it undoes: never refunded twice.
 */
export const refundCharge = (
  ledger: LockedLedger,
  project: ProjectInfo,
  charge: { amount: number; providerAmount: number; balance: 'WCC' | 'CENTRAL'; billingLogId: string },
  what: { category: Category; country: string },
  createdAt: Date | undefined,
): string => {
  const id = ledger.post({
    partnerId: project.partnerId,
    balance: charge.balance,
    action: 'ADD',
    amount: charge.amount,
    providerAmount: charge.providerAmount,
    reasonCode: 'MESSAGE_DELIVERY_REFUND',
    message: `${categoryLabel[what.category]} message failed (${what.country}): refunded`,
    projectId: project.id,
    businessId: project.businessId,
    projectName: project.name,
    businessName: project.businessName,
    idempotencyKey: `refund:${charge.billingLogId}`,
    ...(createdAt ? { createdAt } : {}),
  });
  if (!id) throw new Error('A refund cannot be refused');
  return id;
};
