import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/open.js';
import type { Job, JobResult } from '../../../platform/jobs/job.js';
import { enqueue } from '../../../platform/jobs/queue.js';
import type { DeliveryCtx } from './context.js';
import { PRUNE_JOB } from './kinds.js';

export const PRUNE_EVERY_MS = 3_600_000;
/** Events deleted a statement: each statement is short, so the embedded database never stalls on one. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes the events older than `cutoff` none of whose deliveries is still PENDING; their deliveries
 * and attempts go with them (foreign keys ON DELETE CASCADE). Answers how many events went. By
 * partner and id, the deliveries matched by their partner too: a distributed database runs it
 * shard by shard only so (docs/scaling.md).
 */
export const pruneWebhookLog = async (db: DbOrTx, cutoff: Date): Promise<number> => {
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from webhook_events where (partner_id, id) in (
        select e.partner_id, e.id from webhook_events e
        where e.created_at < ${cutoff}
          and not exists (
            select 1 from webhook_deliveries d
            where d.partner_id = e.partner_id and d.event_id = e.id and d.status = 'PENDING'
          )
        limit ${PRUNE_BATCH}
      )
      returning id`)) as { rows: unknown[] };
    total += result.rows.length;
    if (result.rows.length < PRUNE_BATCH) return total;
  }
};

/** The hourly prune job: it keeps its row and asks to run again in an hour (`retryAt`). */
export const pruneJob =
  (ctx: DeliveryCtx) =>
  async (_job: Job): Promise<JobResult> => {
    const now = ctx.now();
    await pruneWebhookLog(ctx.db, new Date(now.getTime() - ctx.env.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000));
    return { retryAt: new Date(ctx.now().getTime() + PRUNE_EVERY_MS) };
  };

/** Makes sure the prune job exists (at start; a second call, or a second server, adds nothing). */
export const ensurePruneScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: PRUNE_JOB, payload: {}, runAt: now, key: PRUNE_JOB, maxAttempts: 1000 });
