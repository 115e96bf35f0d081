import { and, eq, gte, sql } from 'drizzle-orm';
import { isDistributed, type DbOrTx } from '../../../platform/db/open.js';
import { textArray } from '../../../platform/db/unnest.js';
import { webhookDeliveries, webhookEvents, webhooks } from '../../../platform/db/schema.js';
import { enqueue } from '../../../platform/jobs/queue.js';
import { DELIVER_JOB, DISABLED_MAIL_JOB } from './kinds.js';
import { notifyWebhookDisabled } from '../../notifications/events.js';

/** A timestamp column's value as the driver gives it (text from node-postgres, a Date from PGlite). */
const atOf = (value: unknown) => webhookDeliveries.createdAt.mapFromDriverValue(value as string) as Date;

/**
 * One partner's deliveries with what their attempts need (where, the sealed secrets and until when
 * the previous one signs, the event), by id: one query for a partner's share of a claimed batch.
 * Each row is found by a probe of its table's key (a lateral subquery kept apart, `offset 0`),
 * whatever statistics the planner has: with none (the embedded database; PostgreSQL before it
 * analyses a fresh backlog) a join read the whole events and deliveries tables for every batch.
 */
const probedById = (partnerId: string, deliveryIds: readonly string[]) => sql`
    from unnest(${textArray(deliveryIds)}) as wanted(id)
    cross join lateral (
      select * from ${webhookDeliveries} where id = wanted.id and partner_id = ${partnerId} offset 0
    ) as d
    cross join lateral (
      select * from ${webhooks} where id = d.webhook_id and partner_id = d.partner_id offset 0
    ) as w
    cross join lateral (
      select * from ${webhookEvents} where id = d.event_id and partner_id = d.partner_id offset 0
    ) as e`;

/**
 * On a distributed database a lateral probe cannot go to the nodes: a join on the partner can, and
 * naming the partner sends it to that partner's node alone (docs/scaling.md).
 */
const joinedOnNodes = (partnerId: string, deliveryIds: readonly string[]) => sql`
    from ${webhookDeliveries} d
    join ${webhooks} w on w.id = d.webhook_id and w.partner_id = d.partner_id
    join ${webhookEvents} e on e.id = d.event_id and e.partner_id = d.partner_id
    where d.partner_id = ${partnerId} and d.id = any(${textArray(deliveryIds)})`;

export const loadDeliveries = async (
  db: DbOrTx,
  partnerId: string,
  deliveryIds: readonly string[],
): Promise<Map<string, DeliveryToSend>> => {
  if (deliveryIds.length === 0) return new Map();
  const { rows } = (await db.execute(sql`
    select d.id, d.partner_id, d.status, d.attempts, d.created_at, w.id as webhook_id, w.status as webhook_status, w.url,
      w.secret, w.previous_secret, w.previous_secret_expires_at, e.id as event_id, e.type, e.payload,
      e.created_at as event_at
    ${isDistributed(db) ? joinedOnNodes(partnerId, deliveryIds) : probedById(partnerId, deliveryIds)}`)) as {
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

/** A delivery given up without an attempt (its webhook is disabled). */
export const failUnsent = (db: DbOrTx, partnerId: string, deliveryId: string, now: Date) =>
  db
    .update(webhookDeliveries)
    .set({ status: 'FAILED', failedAt: now, nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.partnerId, partnerId),
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'PENDING'),
      ),
    );

/** Whether the partner's webhook has had any delivery delivered since then. */
export const deliveredSince = async (db: DbOrTx, partnerId: string, webhookId: string, since: Date) =>
  (
    await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.partnerId, partnerId),
          eq(webhookDeliveries.webhookId, webhookId),
          gte(webhookDeliveries.deliveredAt, since),
        ),
      )
      .limit(1)
  ).length > 0;

/**
 * Disables the partner's ENABLED webhook for `reason`; its PENDING deliveries become FAILED and
 * their jobs go (a disabled webhook waits for nothing), and the owner's mail is queued, all in the
 * caller's transaction. Answers false when the webhook was not ENABLED (someone else disabled it
 * first).
 */
export const disableWebhook = async (
  tx: DbOrTx,
  partnerId: string,
  webhookId: string,
  reason: 'GONE' | 'FAILING',
  now: Date,
) => {
  const [disabled] = await tx
    .update(webhooks)
    .set({ status: 'DISABLED', disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId), eq(webhooks.status, 'ENABLED')))
    .returning({ id: webhooks.id, url: webhooks.url, projectId: webhooks.projectId });
  if (!disabled) return false;
  // Its pending deliveries locked in the order of their ids, as recordAttempts locks a batch's.
  await tx.execute(sql`
    with held as (
      select id from webhook_deliveries
      where webhook_id = ${webhookId} and partner_id = ${partnerId} and status = 'PENDING'
      order by id
      for update
    ),
    failed as (
      update webhook_deliveries d set status = 'FAILED', failed_at = ${now}, next_attempt_at = null
      from held where d.id = held.id and d.partner_id = ${partnerId} and d.status = 'PENDING'
      returning d.id
    )
    delete from jobs where failed_at is null and key in (select ${`${DELIVER_JOB}:`} || id from failed)`);
  await enqueue(tx, {
    kind: DISABLED_MAIL_JOB,
    payload: { partnerId, webhookId, disabledAt: now.toISOString() },
    runAt: now,
    key: `${DISABLED_MAIL_JOB}:${webhookId}:${now.getTime()}`,
  });
  await notifyWebhookDisabled(tx, partnerId, disabled, reason, now);
  return true;
};
