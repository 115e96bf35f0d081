import { lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_TTL_MS } from '@pc/contract';
import type { Db, DbOrTx } from '../../platform/db/open.js';
import { projectApiIdempotencyKeys as keys } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';

/** The hourly job that forgets idempotency keys older than 24 hours (claims and answers alike). */
export const PRUNE_KEYS_JOB = 'project-api.prune-keys';
const EVERY_MS = 3_600_000;

export const pruneIdempotencyKeys = async (db: Db, now: Date): Promise<number> =>
  (
    await db
      .delete(keys)
      .where(lt(keys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
      .returning({ key: keys.key })
  ).length;

/** The job keeps its row and asks to run again in an hour. */
export const pruneKeysJobs = (db: Db, now: () => Date): JobHandlers => ({
  [PRUNE_KEYS_JOB]: async () => {
    await pruneIdempotencyKeys(db, now());
    return { retryAt: new Date(now().getTime() + EVERY_MS) };
  },
});

/** Makes sure the prune job exists (at start; a second call, or a second server, adds nothing). */
export const ensureKeysPruneScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: PRUNE_KEYS_JOB, payload: {}, runAt: now, key: PRUNE_KEYS_JOB, maxAttempts: 1000 });
