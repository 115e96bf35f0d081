import {
  WEBHOOK_TEST_EVENT,
  webhookMessages,
  type ReplayFailedRequest,
  type ReplayResponse,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryListResponse,
  type WebhookDeliveryQuery,
} from '@pc/contract';
import { newId } from '../../../platform/db/ids.js';
import { badRequest, notFound } from '../../../platform/errors/app-error.js';
import { urlForLog } from '../url-for-log.js';
import { recordPartnerChange, type ActivityAuthor } from '../../activity/record.js';
import type { DeliveryCtx } from './context.js';
import {
  attemptsOf,
  deliveriesAfter,
  deliveryOf,
  findWebhookOf,
  replayDelivery,
  replayFailedIn,
  type ConsoleWebhook,
  type DeliveryListRow,
} from './console-queries.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { eventRow, insertOutbox } from './emit.js';
import { envelopeOf } from './envelope.js';

export type WebhookRef = { partnerId: string; projectId: string; webhookId: string };

/** A webhook as the partner's activity log names it: by its URL (as the webhooks' own entries do). */
const webhookTarget = (w: ConsoleWebhook) => ({ kind: 'webhook' as const, id: w.id, name: urlForLog(w.url) });

/** The session partner's webhook of its project, or 404. */
const webhookOrFail = async (ctx: DeliveryCtx, ref: WebhookRef) => {
  const w = await findWebhookOf(ctx.db, ref.partnerId, ref.projectId, ref.webhookId);
  if (!w) throw notFound(webhookMessages.notFound);
  return w;
};

/** One to act on: an archived project's answers 404 (docs/decisions.md, "Archived projects"); a disabled one must be enabled first. */
const webhookToActOn = async (ctx: DeliveryCtx, ref: WebhookRef) => {
  const w = await webhookOrFail(ctx, ref);
  if (w.projectArchived) throw notFound(webhookMessages.notFound);
  if (w.status !== 'ENABLED') throw badRequest(webhookMessages.webhookDisabled);
  return w;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toDelivery = (r: Omit<DeliveryListRow, 'micros'>): WebhookDelivery => ({
  _id: r.id,
  webhookId: r.webhookId,
  eventId: r.eventId,
  eventType: r.eventType,
  status: r.status === 'DELIVERED' || r.status === 'FAILED' ? r.status : 'PENDING',
  attempts: r.attempts,
  lastStatusCode: r.lastStatusCode,
  lastLatencyMs: r.lastLatencyMs,
  nextAttemptAt: r.status === 'PENDING' ? iso(r.nextAttemptAt) : null,
  createdAt: r.createdAt.toISOString(),
  deliveredAt: iso(r.deliveredAt),
});

/** The delivery log of a webhook, newest first, a page at a time (`next` is the following page's cursor). */
export const listDeliveries = async (
  ctx: DeliveryCtx,
  ref: WebhookRef,
  q: WebhookDeliveryQuery,
): Promise<WebhookDeliveryListResponse> => {
  const after = decodeCursor(q.cursor);
  const w = await webhookOrFail(ctx, ref);
  const rows = await deliveriesAfter(ctx.db, w, q.status, after, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    deliveries: page.map(toDelivery),
    next: rows.length > q.limit && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
  };
};

/** One delivery with the body it sends (Standard Webhooks' envelope) and every attempt. */
export const deliveryDetail = async (
  ctx: DeliveryCtx,
  ref: WebhookRef,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> => {
  const w = await webhookOrFail(ctx, ref);
  const d = await deliveryOf(ctx.db, w, deliveryId);
  if (!d) throw notFound(webhookMessages.deliveryNotFound);
  const attempts = await attemptsOf(ctx.db, w.partnerId, d.id);
  return {
    ...toDelivery(d),
    payload: JSON.parse(envelopeOf({ type: d.eventType, createdAt: d.eventAt, payload: d.payload })) as unknown,
    attemptLog: attempts.map((a) => ({
      _id: a.id,
      attemptedAt: a.attemptedAt.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
};

/**
 * The same event (same webhook-id) again: the delivery is PENDING and its job due now. A member's
 * replay is in the activity log; the deliveries' own retries (the worker's) are not.
 */
export const replayOne = async (ctx: DeliveryCtx, author: ActivityAuthor, ref: WebhookRef, deliveryId: string) => {
  const w = await webhookToActOn(ctx, ref);
  const now = ctx.now();
  const replayed = await ctx.db.transaction(async (tx) => {
    if (!(await replayDelivery(tx, w, deliveryId, now))) return false;
    await recordPartnerChange(tx, author, {
      action: 'webhook.replay',
      target: webhookTarget(w),
      before: null,
      after: { deliveryId, queued: 1 },
    });
    return true;
  });
  if (!replayed) {
    if (!(await deliveryOf(ctx.db, w, deliveryId))) throw notFound(webhookMessages.deliveryNotFound);
    throw badRequest(webhookMessages.deliveryPending);
  }
  ctx.kick();
  return { message: webhookMessages.replayed, queued: 1 };
};

/** Every FAILED delivery of the webhook created in [from, to] again. */
export const replayFailed = async (
  ctx: DeliveryCtx,
  author: ActivityAuthor,
  ref: WebhookRef,
  body: ReplayFailedRequest,
): Promise<ReplayResponse> => {
  const from = new Date(body.from);
  const to = new Date(body.to);
  if (to < from) throw badRequest(webhookMessages.replayRange, { to: webhookMessages.replayRange });
  const w = await webhookToActOn(ctx, ref);
  const now = ctx.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const n = await replayFailedIn(tx, w, from, to, now);
    // None failed in the range: nothing was replayed, nothing to record.
    if (n > 0)
      await recordPartnerChange(tx, author, {
        action: 'webhook.replay',
        target: webhookTarget(w),
        before: null,
        after: { from: from.toISOString(), to: to.toISOString(), queued: n },
      });
    return n;
  });
  if (queued > 0) ctx.kick();
  return { message: webhookMessages.replayedMany(queued), queued };
};

/** A small sample of what an event carries, for the test event. */
const testPayload = (w: ConsoleWebhook, now: Date) => ({
  message: 'A test event from the partner console: your endpoint received and verified it.',
  projectId: w.projectId,
  webhookId: w.id,
  sentAt: now.toISOString(),
  sample: { id: newId(), text: 'Hello from the test event' },
});

/** A WEBHOOK_TEST_EVENT to this webhook only, whatever its topics; tried once. */
export const sendTestEvent = async (ctx: DeliveryCtx, author: ActivityAuthor, ref: WebhookRef) => {
  const w = await webhookToActOn(ctx, ref);
  const now = ctx.now();
  const event = eventRow(
    { partnerId: w.partnerId, projectId: w.projectId, type: WEBHOOK_TEST_EVENT, payload: testPayload(w, now) },
    now,
  );
  const delivery = {
    id: newId(),
    webhook_id: w.id,
    event_id: event.id,
    partner_id: w.partnerId,
    project_id: w.projectId,
  };
  await ctx.db.transaction(async (tx) => {
    await insertOutbox(tx, [event], [delivery], now);
    await recordPartnerChange(tx, author, {
      action: 'webhook.test',
      target: webhookTarget(w),
      before: null,
      after: { eventType: WEBHOOK_TEST_EVENT, deliveryId: delivery.id },
    });
  });
  ctx.kick();
  return { message: webhookMessages.testSent };
};
