import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { placementPending } from './distribution.js';
import { migrate, migrationsFolder } from './migrate.js';
import { isDistributed, type Database, type DbOrTx } from './open.js';

type Journal = { entries: { when: number; tag: string }[] };

let latest: number | undefined;
/** When the newest migration this build carries was generated (drizzle's journal `when`). */
const latestMigration = (): number => {
  latest ??= Math.max(
    ...(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal).entries.map(
      (e) => e.when,
    ),
  );
  return latest;
};

/**
 * Whether the database holds every migration this build carries: drizzle records each applied one
 * with its journal `when` in `drizzle.__drizzle_migrations`. A process started on a database another
 * (older) process migrated, or before its own migration finished, is not ready.
 */
export const migrationsApplied = async (db: DbOrTx): Promise<boolean> => {
  try {
    const result = (await db.execute(
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { at: string | null }[] };
    const at = result.rows[0]?.at;
    return at !== null && at !== undefined && Number(at) >= latestMigration();
  } catch {
    // No migrations table at all: nothing was applied.
    return false;
  }
};

/**
 * What a start does with its database: migrates it when a migration is missing, or when it is a
 * Citus coordinator with a table not placed yet (one PostgreSQL made a coordinator in place, its
 * migrations all applied before: docs/scaling.md, "Moving in place"). On one PostgreSQL and the
 * embedded database, the one query of `migrationsApplied`.
 */
export const migrateWhenBehind = async (database: Database): Promise<void> => {
  if (!(await migrationsApplied(database.db)) || (isDistributed(database.db) && (await placementPending(database.db))))
    await migrate(database);
};
