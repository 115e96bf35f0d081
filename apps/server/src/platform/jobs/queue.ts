import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { newId } from '../db/ids.js';
import { jobs } from '../db/schema.js';

export type NewJob = {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** At most one pending job per key: a second enqueue of the same key is dropped. */
  key?: string;
  maxAttempts?: number;
};

/**
 * Writes a job, inside the caller's transaction when given one, so the job exists exactly when the
 * change that causes it does (ARCHITECTURE rule 13). Returns whether it was written (false: a job of
 * the same key is already pending).
 */
export const enqueue = async (db: DbOrTx, job: NewJob): Promise<boolean> => {
  const rows = await db
    .insert(jobs)
    .values({
      id: newId(),
      kind: job.kind,
      payload: job.payload,
      key: job.key ?? null,
      runAt: job.runAt,
      maxAttempts: job.maxAttempts ?? 10,
    })
    .onConflictDoNothing({ target: jobs.key, where: sql`${jobs.failedAt} is null` })
    .returning({ id: jobs.id });
  return rows.length > 0;
};
