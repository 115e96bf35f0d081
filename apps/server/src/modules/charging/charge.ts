import type { MessageEvent } from '@pc/contract';
import type { lockedLedger } from '../billing/ledger.js';
import { conversationPrice } from './price.js';

type LockedLedger = Awaited<ReturnType<typeof lockedLedger>>;
/**
 * A project of the batch as charging needs it: its partner, names for the ledger, and its WCC
 * family's prices at an instant (the rate card in force then: batch-projects.ts); null without a family.
 */
export type ProjectInfo = {
  id: string;
  partnerId: string;
  name: string;
  currency: 'INR' | 'USD';
  businessId: string;
  businessName: string;
  pricesAt: ((at: Date) => Parameters<typeof conversationPrice>[0]) | null;
};

const categoryLabel = {
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
} as const;

/** What charging made of one conversation. */
type Charged = {
  status: 'CHARGED' | 'FREE' | 'UNBILLED';
  amount: number;
  /** What the provider charges for it, and (a free one) what it would have cost the client. */
  providerAmount: number;
  saved: number;
  balance: 'WCC' | 'CENTRAL' | null;
  billingLogId: string | null;
};

/**
 * The rule: the project's template (WCC) credit pays when it covers the whole price, else the
 * partner's central balance when it does; neither goes below zero (the batch holds both rows
 * locked, and its ledger refuses what a balance does not cover). When neither covers it the
 * conversation is recorded UNBILLED (its price kept, nothing debited) for the platform to settle.
 */
export const chargeConversation = (
  ledger: LockedLedger,
  project: ProjectInfo,
  e: MessageEvent & { at: Date; conversationId: string; country: string },
  replayed: boolean,
): Charged => {
  // Priced by the prices in force when the conversation started, not when it is charged.
  const price = project.pricesAt
    ? conversationPrice(project.pricesAt(e.at), project.currency, e.country, e.category, e.initiator, e.at)
    : undefined;
  const none = { balance: null, billingLogId: null };
  if (price === undefined) return { status: 'UNBILLED', amount: 0, providerAmount: 0, saved: 0, ...none };
  if (price.amount === 0)
    return { status: 'FREE', amount: 0, providerAmount: price.providerAmount, saved: price.saved ?? 0, ...none };
  const priced = { amount: price.amount, providerAmount: price.providerAmount, saved: 0 };
  const entry = {
    partnerId: project.partnerId,
    action: 'SUBTRACT' as const,
    amount: price.amount,
    providerAmount: price.providerAmount,
    message: `${categoryLabel[e.category]} conversation (${e.country})`,
    projectId: project.id,
    businessId: project.businessId,
    projectName: project.name,
    businessName: project.businessName,
    // The entry carries its conversation: a conversation is never charged twice.
    idempotencyKey: `conversation:${e.conversationId}`,
    ...(replayed ? { createdAt: e.at } : {}),
  };
  for (const [balance, reasonCode] of [
    ['WCC', 'MESSAGE_DELIVERY_WCC'],
    ['CENTRAL', 'MESSAGE_DELIVERY_CENTRAL'],
  ] as const) {
    const billingLogId = ledger.post({ ...entry, balance, reasonCode });
    if (billingLogId) return { status: 'CHARGED', ...priced, balance, billingLogId };
  }
  return { status: 'UNBILLED', ...priced, ...none };
};
