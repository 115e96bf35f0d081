import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '@pc/contract';
import type { DbOrTx } from '../../../platform/db/open.js';
import { newId } from '../../../platform/db/ids.js';
import { projects, webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../../platform/db/schema.js';
import type { DeliveryKey } from './cursor.js';
import { DELIVER_JOB, deliverKey } from './kinds.js';

/** The partner's webhook of the partner's project (the tenant floor), with whether the project is archived. */
export const findWebhookOf = async (db: DbOrTx, partnerId: string, projectId: string, webhookId: string) =>
  (
    await db
      .select({
        id: webhooks.id,
        partnerId: webhooks.partnerId,
        projectId: webhooks.projectId,
        url: webhooks.url,
        status: webhooks.status,
        projectArchived: projects.partnerArchived,
      })
      .from(webhooks)
      .innerJoin(projects, and(eq(projects.id, webhooks.projectId), eq(projects.partnerId, webhooks.partnerId)))
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.projectId, projectId), eq(webhooks.id, webhookId)))
  )[0];
export type ConsoleWebhook = NonNullable<Awaited<ReturnType<typeof findWebhookOf>>>;

/** Every delivery query starts from the partner and the webhook. */
const ofWebhook = (w: ConsoleWebhook, ...more: (SQL | undefined)[]) =>
  and(eq(webhookDeliveries.partnerId, w.partnerId), eq(webhookDeliveries.webhookId, w.id), ...more)!;

const microsOf = sql<string>`(extract(epoch from ${webhookDeliveries.createdAt}) * 1000000)::bigint::text`;

const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastLatencyMs: webhookDeliveries.lastLatencyMs,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

/** The next `limit` deliveries after `after`, newest first (created_at desc, id desc: the log index). */
export const deliveriesAfter = async (
  db: DbOrTx,
  w: ConsoleWebhook,
  status: WebhookDeliveryStatus | undefined,
  after: DeliveryKey | null,
  limit: number,
) =>
  db
    .select({ ...deliveryColumns, micros: microsOf })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEvents,
      and(eq(webhookEvents.id, webhookDeliveries.eventId), eq(webhookEvents.partnerId, webhookDeliveries.partnerId)),
    )
    .where(
      ofWebhook(
        w,
        status ? eq(webhookDeliveries.status, status) : undefined,
        after
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
export type DeliveryListRow = Awaited<ReturnType<typeof deliveriesAfter>>[number];

export const deliveryOf = async (db: DbOrTx, w: ConsoleWebhook, deliveryId: string) =>
  (
    await db
      .select({ ...deliveryColumns, payload: webhookEvents.payload, eventAt: webhookEvents.createdAt })
      .from(webhookDeliveries)
      .innerJoin(
        webhookEvents,
        and(eq(webhookEvents.id, webhookDeliveries.eventId), eq(webhookEvents.partnerId, webhookDeliveries.partnerId)),
      )
      .where(ofWebhook(w, eq(webhookDeliveries.id, deliveryId)))
  )[0];

/** A delivery's attempts: by its partner too, so that a distributed database asks that partner's node alone. */
export const attemptsOf = (db: DbOrTx, partnerId: string, deliveryId: string) =>
  db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.partnerId, partnerId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));

/**
 * Puts deliveries back to PENDING and queues each one's job now, in the caller's transaction. The
 * job starts a new round of the schedule (`base`: the attempts made so far) and is keyed as every
 * delivery job; a finished job of the delivery still holding its key (its runner has yet to delete
 * it) is replaced. It names the webhook's partner, as every delivery job does (emit.ts).
 */
const requeue = async (tx: DbOrTx, w: ConsoleWebhook, replayed: { id: string; attempts: number }[], now: Date) => {
  if (replayed.length === 0) return;
  const keys = replayed.map((d) => deliverKey(d.id));
  const rows = replayed.map((d) => ({
    id: newId(),
    key: deliverKey(d.id),
    payload: { partnerId: w.partnerId, deliveryId: d.id, base: d.attempts, since: now.toISOString() },
  }));
  await tx.execute(sql`
    delete from jobs where failed_at is null
      and key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  await tx.execute(sql`
    insert into jobs (id, kind, payload, key, run_at, max_attempts, created_at)
    select id, ${DELIVER_JOB}, payload, key, ${now.toISOString()}::timestamptz, 10, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, key text, payload jsonb)`);
};

const reset = (now: Date) => ({ status: 'PENDING', nextAttemptAt: now, deliveredAt: null, failedAt: null });

/** One FAILED or DELIVERED delivery again; answers false when it is not so (PENDING already). */
export const replayDelivery = async (tx: DbOrTx, w: ConsoleWebhook, deliveryId: string, now: Date) => {
  const replayed = await tx
    .update(webhookDeliveries)
    .set(reset(now))
    .where(
      ofWebhook(w, eq(webhookDeliveries.id, deliveryId), inArray(webhookDeliveries.status, ['FAILED', 'DELIVERED'])),
    )
    .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
  await requeue(tx, w, replayed, now);
  return replayed.length > 0;
};

/** Every FAILED delivery of the webhook created in [from, to] again; answers how many. */
export const replayFailedIn = async (tx: DbOrTx, w: ConsoleWebhook, from: Date, to: Date, now: Date) => {
  const replayed = await tx
    .update(webhookDeliveries)
    .set(reset(now))
    .where(
      ofWebhook(
        w,
        eq(webhookDeliveries.status, 'FAILED'),
        gte(webhookDeliveries.createdAt, from),
        lte(webhookDeliveries.createdAt, to),
      ),
    )
    .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
  await requeue(tx, w, replayed, now);
  return replayed.length;
};
