import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { partnersInDirectory } from './directory.js';
import type { DbOrTx } from './open.js';
import { privateApps, projects } from './schema.js';

/** A table of partners' rows: keyed by id and partner_id (docs/scaling.md). */
export type TenantTable = PgTable & { id: PgColumn; partnerId: PgColumn };

const inDirectory = new Set<PgTable>([projects, privateApps]);

/**
 * The partner of a tenant table's row known by its id alone (a platform staff's route, a job or a
 * run across partners), undefined when there is none. Read without a lock, by the key's index; the
 * statements that follow name the partner, so that on a distributed database they go to its node
 * (docs/scaling.md) and a lock FOR UPDATE is possible there at all. A row's partner never changes.
 */
export const partnerOf = async (db: DbOrTx, table: TenantTable, id: string): Promise<string | undefined> => {
  // The directory's ids are read from it: a table copied to every node (schema/directory.ts).
  if (inDirectory.has(table)) return (await partnersInDirectory(db, [id])).get(id);
  const [row] = (await db
    .select({ partnerId: table.partnerId })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)) as { partnerId: string }[];
  return row?.partnerId;
};

/**
 * A tenant table's row known by its id alone, locked FOR UPDATE for the rest of the transaction
 * (a staff action on it waits for any other): its partner read first, then the row locked on it.
 */
export const lockById = async <T extends TenantTable>(
  tx: DbOrTx,
  table: T,
  id: string,
): Promise<T['$inferSelect'] | undefined> => {
  const partnerId = await partnerOf(tx, table, id);
  if (partnerId === undefined) return undefined;
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.partnerId, partnerId), eq(table.id, id)))
    .for('update')) as T['$inferSelect'][];
  return row;
};
