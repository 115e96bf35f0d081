import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/open.js';
import { newId } from '../../../platform/db/ids.js';
import { arrayLiteral, textArray } from '../../../platform/db/unnest.js';
import { webhookAttempts, webhookDeliveries } from '../../../platform/db/schema.js';
import { groupCommit } from '../../../platform/jobs/group-commit.js';
import { jobEndsSql } from '../../../platform/jobs/runner.js';

/** What an attempt leaves on its delivery. */
export type AttemptRecord = {
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  excerpt: string;
  error: string | null;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  nextAttemptAt: Date | null;
};

/**
 * An attempt to record on its delivery, which it found PENDING after `seenAttempts` attempts; with
 * `jobId`, its job is ended in the same statement (done, or due again at the attempt's
 * `nextAttemptAt`).
 */
export type AttemptToRecord = {
  deliveryId: string;
  partnerId: string;
  seenAttempts: number;
  attempt: AttemptRecord;
  jobId?: string;
};

const isoOf = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Each attempt's row and its delivery's new state, for the deliveries of one partner still as their
 * attempts found them (PENDING after `seenAttempts` attempts): answers, for each, whether it was
 * recorded (false, writing nothing for it, when something else moved the delivery meanwhile: a 410
 * of another delivery, a second runner after a lost lease); and the jobs given are ended, recorded
 * or not (as the runner would end them). One statement for the whole batch (the rows travel as one
 * array a column), so it is atomic without a transaction of its own: a job never ends without its
 * attempt, and a process that dies before it leaves the jobs to be claimed again once their lease
 * ends. One partner's: the statement names it, so on a distributed database it runs on that
 * partner's node alone, where its lock FOR UPDATE is possible at all (docs/scaling.md).
 */
export const recordAttempts = async (db: DbOrTx, items: readonly AttemptToRecord[]): Promise<boolean[]> => {
  if (items.length === 0) return [];
  const partnerId = items[0]!.partnerId;
  if (items.some((i) => i.partnerId !== partnerId)) throw new Error('recordAttempts: attempts of several partners');
  const column = <T>(type: string, of: (i: AttemptToRecord) => T) =>
    sql`${arrayLiteral(items.map(of))}::${sql.raw(type)}[]`;
  const result = (await db.execute(sql`
    with x as (
      select * from unnest(
        ${column('text', (i) => i.deliveryId)}, ${column('integer', (i) => i.seenAttempts)},
        ${column('text', (i) => i.attempt.status)}, ${column('integer', (i) => i.attempt.statusCode)},
        ${column('integer', (i) => i.attempt.latencyMs)}, ${column('timestamptz', (i) => isoOf(i.attempt.nextAttemptAt))},
        ${column('timestamptz', (i) => isoOf(i.attempt.at))}, ${column('text', (i) => i.attempt.excerpt)},
        ${column('text', (i) => i.attempt.error)}, ${column('text', () => newId())}
      ) as x(delivery_id, seen, status, status_code, latency_ms, next_attempt_at, attempted_at, excerpt, error, attempt_id)
    ),
    -- The deliveries locked in the order of their ids, as a webhook being disabled locks its own
    -- (disableWebhook): two writers taking them in different orders could each wait for the other.
    -- The keys again as an array: the deliveries are then found by their key whatever the planner's
    -- statistics (without any, it read the whole table to join them).
    held as (
      select d.id from ${webhookDeliveries} d
      where d.id = any(${textArray(items.map((i) => i.deliveryId))}) and d.partner_id = ${partnerId}
      order by d.id
      for update
    ),
    moved as (
      update ${webhookDeliveries} d
      set status = x.status, attempts = x.seen + 1, last_status_code = x.status_code,
        last_latency_ms = x.latency_ms, next_attempt_at = x.next_attempt_at,
        delivered_at = case when x.status = 'DELIVERED' then x.attempted_at else d.delivered_at end,
        failed_at = case when x.status = 'FAILED' then x.attempted_at else d.failed_at end
      from x, held
      where d.id = held.id and d.id = x.delivery_id and d.partner_id = ${partnerId}
        and d.status = 'PENDING' and d.attempts = x.seen
      returning d.id, d.partner_id, x.attempt_id, x.attempted_at, x.status_code, x.latency_ms, x.excerpt, x.error
    ),
    recorded as (
      insert into ${webhookAttempts} (id, partner_id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
      select attempt_id, partner_id, id, attempted_at, status_code, latency_ms, excerpt, error from moved
      returning delivery_id
    ),
    ${jobEndsSql(items.flatMap((i) => (i.jobId ? [{ id: i.jobId, retryAt: i.attempt.nextAttemptAt }] : [])))}
    select delivery_id from recorded`)) as { rows: { delivery_id: string }[] };
  const recorded = new Set(result.rows.map((r) => r.delivery_id));
  return items.map((i) => recorded.has(i.deliveryId));
};

/** One attempt's record (recordAttempts for one), inside the caller's transaction when given one. */
export const recordAttempt = async (db: DbOrTx, item: AttemptToRecord) => (await recordAttempts(db, [item]))[0]!;

/**
 * Records attempts as they end, a group commit a partner: the attempts of one partner that end
 * together are one statement (recordAttempts names its partner), and a failed write fails only
 * that partner's attempts, not those another partner's statement has already committed with their
 * jobs' ends. A partner's group is dropped once nothing of it waits, so a long-running process
 * keeps none for the partners it served once.
 */
export const attemptsRecorder = (db: DbOrTx) => {
  const open = new Map<string, { record: (item: AttemptToRecord) => Promise<boolean>; waiting: number }>();
  return async (item: AttemptToRecord): Promise<boolean> => {
    let group = open.get(item.partnerId);
    if (!group) {
      group = { record: groupCommit((items: AttemptToRecord[]) => recordAttempts(db, items)), waiting: 0 };
      open.set(item.partnerId, group);
    }
    group.waiting += 1;
    try {
      return await group.record(item);
    } finally {
      group.waiting -= 1;
      if (group.waiting === 0 && open.get(item.partnerId) === group) open.delete(item.partnerId);
    }
  };
};
