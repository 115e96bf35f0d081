import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { placeTablesOnCitus } from './distribution.js';
import type { Database, Db } from './open.js';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const MIGRATION_LOCK = 724101;

/**
 * Applies the SQL migrations; on PostgreSQL under an advisory lock so that parallel starts queue,
 * and on a Citus coordinator places the tables not placed yet, under the same lock (distribution.ts).
 * `folder` is this build's migrations unless a test gives another (an older build's, a prefix of them).
 */
export const migrate = async (database: Database, { folder = migrationsFolder } = {}): Promise<void> => {
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder: folder });
    await placeTablesOnCitus(drizzle(client) as unknown as Db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((error: Error) => {
      broken = error;
    });
    // A connection that could not unlock is closed, not pooled: the session's lock ends with it.
    client.release(broken);
  }
};
