import { retriedTransaction } from '../../platform/db/retry.js';
import type { LedgerAction, ReasonCode } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../platform/db/open.js';
import { oncePerKey } from './idempotency.js';
import { postEntry, type LedgerMember } from './ledger.js';

export type ProjectCreditKind = 'WCC' | 'PWC' | 'AD_CREDIT';

const reasons: Record<ProjectCreditKind, Record<LedgerAction, ReasonCode>> = {
  WCC: { ADD: 'WCC_CREDIT_ADD', SUBTRACT: 'WCC_CREDIT_DEDUCT' },
  PWC: { ADD: 'PWC_CREDIT_ADD', SUBTRACT: 'PWC_CREDIT_DEDUCT' },
  AD_CREDIT: { ADD: 'META_AD_CREDIT_UPDATE', SUBTRACT: 'META_AD_CREDIT_UPDATE' },
};
const labels: Record<ProjectCreditKind, string> = {
  WCC: 'WCC credit',
  PWC: 'Partner WhatsApp credit',
  AD_CREDIT: 'Meta Ads credit',
};

export type CreditTransfer = {
  partnerId: string;
  projectId: string;
  projectName: string;
  businessId: string;
  businessName: string;
  kind: ProjectCreditKind;
  action: LedgerAction;
  amount: number;
  idempotencyKey?: string;
  /** The entries' message when not the usual one (platform staff's additions say so). */
  message?: string;
  /** The partner's member who moved it, named on both rows; none for platform staff. */
  by?: LedgerMember;
  /**
   * More of the same change, in its transaction once the money moved (the super-admin's audit row,
   * the member's activity entry), with the project's credit and the central balance it left.
   */
  alsoInTransaction?: (tx: Tx, credit: number, central: number) => Promise<void>;
};

/**
 * A project's credit is bought with the partner's central balance: ADD moves money from the
 * central balance to the project, SUBTRACT moves it back. Both sides are ledger rows of one
 * transaction, so money is neither made nor lost; neither side may go below zero. A retried
 * request with the same Idempotency-Key answers the first result and moves nothing (idempotency.ts).
 */
export const transferProjectCredit = (deps: Deps, t: CreditTransfer): Promise<{ credit: number }> => {
  const reasonCode = reasons[t.kind][t.action];
  const context = {
    partnerId: t.partnerId,
    projectId: t.projectId,
    projectName: t.projectName,
    businessId: t.businessId,
    businessName: t.businessName,
    reasonCode,
    amount: t.amount,
    by: t.by,
  };
  const moved =
    t.message ?? `${labels[t.kind]} ${t.action === 'ADD' ? 'added to' : 'taken back from'} project ${t.projectName}`;
  return oncePerKey(deps, {
    partnerId: t.partnerId,
    key: t.idempotencyKey,
    // The key is on the credit's row: the same project, credit, direction and amount is the same request.
    print: () => ({ projectId: t.projectId, balance: t.kind, action: t.action, amount: t.amount }),
    replay: (row) => ({ credit: row.balanceAfter }),
    run: (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        // Rows are always locked in one order, the project's then the partner's, whichever the
        // direction: an ADD and a SUBTRACT on one project at once would deadlock otherwise. An ADD
        // refused by the central balance rolls its credit back with the transaction.
        const credit = await postEntry(tx, {
          ...context,
          balance: t.kind,
          action: t.action,
          message: moved,
          idempotencyKey: ledgerKey,
        });
        const central = await postEntry(tx, {
          ...context,
          balance: 'CENTRAL',
          action: t.action === 'ADD' ? 'SUBTRACT' : 'ADD',
          message: moved,
        });
        await t.alsoInTransaction?.(tx, credit, central);
        return { credit };
      }),
  });
};
