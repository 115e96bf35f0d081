import { and, eq, gte, sql } from 'drizzle-orm';
import { isDistributed, type DbOrTx } from '../../../platform/db/open.js';
import { newId } from '../../../platform/db/ids.js';
import { arrayLiteral, textArray } from '../../../platform/db/unnest.js';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../../platform/db/schema.js';
import { enqueue } from '../../../platform/jobs/queue.js';
import { jobEndsSql } from '../../../platform/jobs/runner.js';
import { DELIVER_JOB, DISABLED_MAIL_JOB } from './kinds.js';

/** A timestamp column's value as the driver gives it (text from node-postgres, a Date from PGlite). */
const atOf = (value: unknown) => webhookDeliveries.createdAt.mapFromDriverValue(value as string) as Date;

/**
 * Deliveries with what their attempts need (where, the sealed secrets and until when the previous
 * one signs, the event), by id: one query for a claimed batch. Each row is found by a probe of its
 * table's key (a lateral subquery kept apart, `offset 0`), whatever statistics the planner has: with
 * none (the embedded database; PostgreSQL before it analyses a fresh backlog) a join read the whole
 * events and deliveries tables for every batch.
 */
const probedById = (deliveryIds: readonly string[]) => sql`
    from unnest(${textArray(deliveryIds)}) as wanted(id)
    cross join lateral (select * from ${webhookDeliveries} where id = wanted.id offset 0) as d
    cross join lateral (
      select * from ${webhooks} where id = d.webhook_id and partner_id = d.partner_id offset 0
    ) as w
    cross join lateral (
      select * from ${webhookEvents} where id = d.event_id and partner_id = d.partner_id offset 0
    ) as e`;

/** On a distributed database a lateral probe cannot go to the nodes: a join on the partner can. */
const joinedOnNodes = (deliveryIds: readonly string[]) => sql`
    from ${webhookDeliveries} d
    join ${webhooks} w on w.id = d.webhook_id and w.partner_id = d.partner_id
    join ${webhookEvents} e on e.id = d.event_id and e.partner_id = d.partner_id
    where d.id = any(${textArray(deliveryIds)})`;

export const loadDeliveries = async (
  db: DbOrTx,
  deliveryIds: readonly string[],
): Promise<Map<string, DeliveryToSend>> => {
  if (deliveryIds.length === 0) return new Map();
  const { rows } = (await db.execute(sql`
    select d.id, d.partner_id, d.status, d.attempts, d.created_at, w.id as webhook_id, w.status as webhook_status, w.url,
      w.secret, w.previous_secret, w.previous_secret_expires_at, e.id as event_id, e.type, e.payload,
      e.created_at as event_at
    ${isDistributed(db) ? joinedOnNodes(deliveryIds) : probedById(deliveryIds)}`)) as {
    rows: Record<string, unknown>[];
  };
  return new Map(
    rows.map((r) => [
      r.id as string,
      {
        id: r.id as string,
        partnerId: r.partner_id as string,
        status: r.status as string,
        attempts: Number(r.attempts),
        createdAt: atOf(r.created_at),
        webhookId: r.webhook_id as string,
        webhookStatus: r.webhook_status as string,
        url: r.url as string,
        secret: r.secret as string,
        previousSecret: (r.previous_secret as string | null) ?? null,
        previousSecretExpiresAt: r.previous_secret_expires_at == null ? null : atOf(r.previous_secret_expires_at),
        eventId: r.event_id as string,
        type: r.type as string,
        payload: webhookEvents.payload.mapFromDriverValue(r.payload) as Record<string, unknown>,
        eventAt: atOf(r.event_at),
      },
    ]),
  );
};
export type DeliveryToSend = {
  id: string;
  partnerId: string;
  status: string;
  attempts: number;
  createdAt: Date;
  webhookId: string;
  webhookStatus: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  eventId: string;
  type: string;
  payload: Record<string, unknown>;
  eventAt: Date;
};

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
 * Each attempt's row and its delivery's new state, for the deliveries still as their attempts found
 * them (PENDING after `seenAttempts` attempts): answers, for each, whether it was recorded (false,
 * writing nothing for it, when something else moved the delivery meanwhile: a 410 of another
 * delivery, a second runner after a lost lease); and the jobs given are ended, recorded or not (as
 * the runner would end them). One statement for the whole batch (the rows travel as one array a
 * column), so it is atomic without a transaction of its own: a job never ends without its attempt,
 * and a process that dies before it leaves the jobs to be claimed again once their lease ends.
 */
export const recordAttempts = async (db: DbOrTx, items: readonly AttemptToRecord[]): Promise<boolean[]> => {
  if (items.length === 0) return [];
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
    -- The keys again as arrays: the deliveries are then found by their key whatever the planner's
    -- statistics (without any, it read the whole table to join them).
    held as (
      select d.id from ${webhookDeliveries} d
      where d.id = any(${textArray(items.map((i) => i.deliveryId))})
        and d.partner_id = any(${textArray([...new Set(items.map((i) => i.partnerId))])})
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
      where d.id = held.id and d.id = x.delivery_id
        and d.partner_id = any(${textArray([...new Set(items.map((i) => i.partnerId))])})
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

/** A delivery given up without an attempt (its webhook is disabled). */
export const failUnsent = (db: DbOrTx, deliveryId: string, now: Date) =>
  db
    .update(webhookDeliveries)
    .set({ status: 'FAILED', failedAt: now, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'PENDING')));

/** Whether the webhook has had any delivery delivered since then. */
export const deliveredSince = async (db: DbOrTx, webhookId: string, since: Date) =>
  (
    await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, webhookId), gte(webhookDeliveries.deliveredAt, since)))
      .limit(1)
  ).length > 0;

/**
 * Disables an ENABLED webhook for `reason`; its PENDING deliveries become FAILED and their jobs go
 * (a disabled webhook waits for nothing), and the owner's mail is queued, all in the caller's
 * transaction. Answers false when the webhook was not ENABLED (someone else disabled it first).
 */
export const disableWebhook = async (tx: DbOrTx, webhookId: string, reason: 'GONE' | 'FAILING', now: Date) => {
  const [disabled] = await tx
    .update(webhooks)
    .set({ status: 'DISABLED', disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.status, 'ENABLED')))
    .returning({ partnerId: webhooks.partnerId });
  if (!disabled) return false;
  // Its pending deliveries locked in the order of their ids, as recordAttempts locks a batch's.
  await tx.execute(sql`
    with held as (
      select id from webhook_deliveries
      where webhook_id = ${webhookId} and partner_id = ${disabled.partnerId} and status = 'PENDING'
      order by id
      for update
    ),
    failed as (
      update webhook_deliveries d set status = 'FAILED', failed_at = ${now}, next_attempt_at = null
      from held where d.id = held.id and d.partner_id = ${disabled.partnerId} and d.status = 'PENDING'
      returning d.id
    )
    delete from jobs where failed_at is null and key in (select ${`${DELIVER_JOB}:`} || id from failed)`);
  await enqueue(tx, {
    kind: DISABLED_MAIL_JOB,
    payload: { partnerId: disabled.partnerId, webhookId, disabledAt: now.toISOString() },
    runAt: now,
    key: `${DISABLED_MAIL_JOB}:${webhookId}:${now.getTime()}`,
  });
  return true;
};
