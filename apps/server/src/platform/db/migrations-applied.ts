import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from './migrate.js';
import type { DbOrTx } from './open.js';

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
