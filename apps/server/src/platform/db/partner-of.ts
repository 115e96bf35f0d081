import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './open.js';

type TenantTable = PgTable & { id: PgColumn; partnerId: PgColumn };

/**
 * The partner of a tenant table's row known by its id alone (a platform staff's route, a job or a
 * run across partners), undefined when there is none. Read without a lock, by the key's index; the
 * statements that follow name the partner, so that on a distributed database they go to its node
 * (docs/scaling.md) and a lock FOR UPDATE is possible there at all. A row's partner never changes.
 */
export const partnerOf = async (db: DbOrTx, table: TenantTable, id: string): Promise<string | undefined> => {
  const [row] = (await db
    .select({ partnerId: table.partnerId })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)) as { partnerId: string }[];
  return row?.partnerId;
};
