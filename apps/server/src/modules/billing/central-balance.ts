import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { partnerBalances } from '../../platform/db/schema.js';

/**
 * A partner's central balance, a row of its own beside the partner's other rows (schema/billing.ts
 * says why). Read locked, it is the balance the transaction's next entry moves: taken after the
 * partner's row and its projects' (docs/ledger.md, "Lock order").
 */
const centralBalance = async (db: DbOrTx, partnerId: string, lock: boolean): Promise<number> => {
  const read = db
    .select({ amount: partnerBalances.centralBalance })
    .from(partnerBalances)
    .where(eq(partnerBalances.partnerId, partnerId));
  return (await (lock ? read.for('update') : read))[0]?.amount ?? 0;
};

export const readCentralBalance = (db: DbOrTx, partnerId: string) => centralBalance(db, partnerId, false);
export const lockCentralBalance = (db: DbOrTx, partnerId: string) => centralBalance(db, partnerId, true);
