import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/open.js';
import { newId } from '../../../platform/db/ids.js';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../../platform/db/schema.js';
import { enqueue } from '../../../platform/jobs/queue.js';
import { DELIVER_JOB, DISABLED_MAIL_JOB } from './kinds.js';

/** A delivery with what its attempt needs: where, the sealed secrets (and until when the previous one signs), and the event. */
export const loadDelivery = async (db: DbOrTx, deliveryId: string) =>
  (
    await db
      .select({
        id: webhookDeliveries.id,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        createdAt: webhookDeliveries.createdAt,
        webhookId: webhooks.id,
        webhookStatus: webhooks.status,
        url: webhooks.url,
        secret: webhooks.secret,
        previousSecret: webhooks.previousSecret,
        previousSecretExpiresAt: webhooks.previousSecretExpiresAt,
        eventId: webhookEvents.id,
        type: webhookEvents.type,
        payload: webhookEvents.payload,
        eventAt: webhookEvents.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, deliveryId))
  )[0];
export type DeliveryToSend = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

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
 * The attempt's row and its delivery's new state, when the delivery is still as the attempt found
 * it (PENDING after `seenAttempts` attempts): answers false, writing nothing, when something else
 * (a 410 of another delivery, a second runner after a lost lease) has moved it meanwhile. One
 * statement (the insert takes its delivery from the update's answer), so it is atomic without a
 * transaction of its own: most attempts need nothing more, and this is the delivery path's cost.
 */
export const recordAttempt = async (db: DbOrTx, deliveryId: string, seenAttempts: number, a: AttemptRecord) => {
  const ended =
    a.status === 'DELIVERED'
      ? sql`, delivered_at = ${a.at}`
      : a.status === 'FAILED'
        ? sql`, failed_at = ${a.at}`
        : sql``;
  const result = (await db.execute(sql`
    with moved as (
      update ${webhookDeliveries}
      set status = ${a.status}, attempts = ${seenAttempts + 1}, last_status_code = ${a.statusCode},
        last_latency_ms = ${a.latencyMs}, next_attempt_at = ${a.nextAttemptAt}${ended}
      where id = ${deliveryId} and status = 'PENDING' and attempts = ${seenAttempts}
      returning id, partner_id
    )
    insert into ${webhookAttempts} (id, partner_id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
    select ${newId()}, partner_id, id, ${a.at}::timestamptz, ${a.statusCode}::integer, ${a.latencyMs}::integer,
      ${a.excerpt}::text, ${a.error}::text
    from moved
    returning delivery_id`)) as { rows: unknown[] };
  return result.rows.length > 0;
};

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
  await tx.execute(sql`
    with failed as (
      update webhook_deliveries set status = 'FAILED', failed_at = ${now}, next_attempt_at = null
      where webhook_id = ${webhookId} and status = 'PENDING'
      returning id
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
