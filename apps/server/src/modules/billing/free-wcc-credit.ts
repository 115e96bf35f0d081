import { configTexts, formatMoney, type Currency } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { lockCentralBalance } from './central-balance.js';
import { postEntry, type LedgerMember } from './ledger.js';

type Grant = {
  partner: { id: string; currency: string; freeWccCredit: number };
  project: { id: string; name: string };
  business: { id: string; displayName: string };
  /**
   * A central balance too low for the credit: `refuse` (the partner's own Create Business: a 400 and
   * nothing is created) or `skip` (a client on the public sign-up page, who is not refused for the
   * partner's balance: the project starts without it).
   */
  whenShort: 'refuse' | 'skip';
  /** The partner's member whose Create Business gave it; none for a client's own sign-up. */
  by?: LedgerMember;
};

/**
 * The partner's Free WCC credit (doc 3 section 2, Manage, Configure Plan Family) given to a new
 * customer's project: moved from the partner's central balance to the project's WCC (template)
 * credit like a WCC top-up (WCC_CREDIT_ADD: the project's ADD and the central balance's SUBTRACT,
 * in the caller's transaction, so a refused grant creates nothing). The credit is the partner's
 * own money given to its client, never the platform's: a partner cannot mint conversations with it.
 * Answers the credit given (0 when none is set, or skipped).
 */
export const grantFreeWccCredit = async (tx: DbOrTx, g: Grant): Promise<number> => {
  const amount = g.partner.freeWccCredit;
  if (amount <= 0) return 0;
  // Locked: the balance checked is the one the grant moves. The project's row comes after it here,
  // against the lock order (docs/ledger.md), because the project is new and this transaction's alone.
  if ((await lockCentralBalance(tx, g.partner.id)) < amount) {
    if (g.whenShort === 'skip') return 0;
    throw badRequest(configTexts.freeWccCreditShort(formatMoney(amount, g.partner.currency as Currency)));
  }
  const entry = {
    partnerId: g.partner.id,
    projectId: g.project.id,
    projectName: g.project.name,
    businessId: g.business.id,
    businessName: g.business.displayName,
    reasonCode: 'WCC_CREDIT_ADD' as const,
    amount,
    message: `Free WCC credit given to new project ${g.project.name}`,
    by: g.by,
  };
  await postEntry(tx, { ...entry, balance: 'WCC', action: 'ADD' });
  await postEntry(tx, { ...entry, balance: 'CENTRAL', action: 'SUBTRACT' });
  return amount;
};
