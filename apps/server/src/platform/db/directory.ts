import { inArray } from 'drizzle-orm';
import type { DbOrTx } from './open.js';
import { partnerDirectory } from './schema.js';

export type DirectoryEntry = typeof partnerDirectory.$inferInsert;

/** Enters ids in the partner directory (schema/directory.ts), in the transaction that writes their rows. */
export const enterInDirectory = async (db: DbOrTx, entries: DirectoryEntry[]) => {
  if (entries.length > 0) await db.insert(partnerDirectory).values(entries).onConflictDoNothing();
};

/** The partner of each of these ids that the directory knows (an id it does not know is no one's). */
export const partnersInDirectory = async (db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: partnerDirectory.id, partnerId: partnerDirectory.partnerId })
    .from(partnerDirectory)
    .where(inArray(partnerDirectory.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.partnerId]));
};
