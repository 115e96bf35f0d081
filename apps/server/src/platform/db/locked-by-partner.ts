import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './open.js';
import type { TenantTable } from './partner-of.js';

/**
 * The rows of a tenant table that `where` picks (all of them without it), whichever partners', locked
 * FOR UPDATE a partner at a time: by partner, then by id, the one lock order (docs/ledger.md). A
 * statement per partner, because a distributed database locks rows only in a statement that goes
 * to one node (docs/scaling.md); the partners are read first, without a lock.
 */
export const lockedByPartner = async <T extends TenantTable>(
  tx: DbOrTx,
  table: T,
  where?: SQL,
): Promise<T['$inferSelect'][]> => {
  const partnerIds = (await tx
    .selectDistinct({ partnerId: table.partnerId })
    .from(table as PgTable)
    .where(where)
    .orderBy(asc(table.partnerId))) as { partnerId: string }[];
  const rows: T['$inferSelect'][] = [];
  for (const { partnerId } of partnerIds)
    rows.push(
      ...((await tx
        .select()
        .from(table as PgTable)
        .where(and(eq(table.partnerId, partnerId), where))
        .orderBy(asc(table.id))
        .for('update')) as T['$inferSelect'][]),
    );
  return rows;
};
