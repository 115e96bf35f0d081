import { z } from 'zod';
import { WEBHOOK_TEST_EVENT } from '@pc/contract';
import type { Job, JobResult } from '../../../platform/jobs/runner.js';
import type { DeliveryCtx } from './context.js';
import {
  deliveredSince,
  disableWebhook,
  failUnsent,
  loadDelivery,
  recordAttempt,
  type AttemptRecord,
  type DeliveryToSend,
} from './deliver-queries.js';
import { envelopeOf } from './envelope.js';
import { retryAfterMs, retryWaitMs } from './schedule.js';
import { sendAttempt, type AttemptResult } from './sender.js';
import { isSandboxReceiverUrl } from '../sandbox-receiver.js';
import { previousSecretValid } from '../webhook-row.js';

/**
 * The job of one delivery. `base` is the delivery's attempt count when its round began (0, or what
 * it had when replayed), so the schedule starts afresh on a replay; `since` is when a replay's round
 * began (the delivery's creation otherwise), for the "failing for the whole schedule" rule.
 */
export const DeliverJob = z.object({
  deliveryId: z.string(),
  base: z.number().int().min(0).optional(),
  since: z.iso.datetime().optional(),
});
export type DeliverJob = z.infer<typeof DeliverJob>;

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; at: Date }
  /** The schedule is spent (or a test event failed its one attempt): the dead letter. */
  | { kind: 'failed' }
  /** 410 Gone: the receiver says the endpoint will never take anything again. */
  | { kind: 'gone' };

const isOk = (r: AttemptResult) =>
  r.error === null && r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/** What an attempt's answer means for its delivery (docs/webhooks.md, the retry rules). */
export const outcomeOf = (
  result: AttemptResult,
  failedInRound: number,
  opts: { test: boolean; now: Date; random: () => number },
): Outcome => {
  if (isOk(result)) return { kind: 'delivered' };
  if (result.statusCode === 410) return { kind: 'gone' };
  // A test event is tried once: its log answers "does my endpoint work?" now, not in a day.
  if (opts.test) return { kind: 'failed' };
  const wait = retryWaitMs(failedInRound, retryAfterMs(result.retryAfter, opts.now), opts.random);
  return wait === null ? { kind: 'failed' } : { kind: 'retry', at: new Date(opts.now.getTime() + wait) };
};

const statusOf = (o: Outcome): AttemptRecord['status'] =>
  o.kind === 'delivered' ? 'DELIVERED' : o.kind === 'retry' ? 'PENDING' : 'FAILED';

/**
 * The secret a rotation replaced while it still signs at the attempt's time; null after, or when it
 * no longer opens (sealed under a former token secret): the current signature alone is then sent.
 */
const previousSecretAt = (ctx: DeliveryCtx, d: DeliveryToSend, at: Date): string | null => {
  if (!previousSecretValid(d, at)) return null;
  try {
    return ctx.box.open(d.previousSecret!);
  } catch {
    return null;
  }
};

/** Sends one attempt of a delivery (no transaction is open meanwhile) and records what came of it. */
const attempt = async (ctx: DeliveryCtx, d: DeliveryToSend, job: DeliverJob): Promise<JobResult> => {
  const at = ctx.now();
  const result = await sendAttempt({
    url: d.url,
    id: d.eventId,
    body: envelopeOf({ type: d.type, createdAt: d.eventAt, payload: d.payload }),
    secret: ctx.box.open(d.secret),
    previousSecret: previousSecretAt(ctx, d, at),
    at,
    timeoutMs: ctx.env.WEBHOOK_ATTEMPT_TIMEOUT_MS,
    allowPrivate: ctx.env.WEBHOOK_ALLOW_PRIVATE_URLS || isSandboxReceiverUrl(ctx.env, d.url),
    lookup: ctx.lookup,
  });
  const now = ctx.now();
  const failedInRound = d.attempts + 1 - (job.base ?? 0);
  const test = d.type === WEBHOOK_TEST_EVENT;
  const outcome = outcomeOf(result, failedInRound, { test, now, random: ctx.random });
  const record: AttemptRecord = {
    at,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    excerpt: result.excerpt,
    error: result.error,
    status: statusOf(outcome),
    nextAttemptAt: outcome.kind === 'retry' ? outcome.at : null,
  };
  const mayDisable = outcome.kind === 'gone' || (outcome.kind === 'failed' && !test);
  // The usual case (delivered, a retry, a test event's one attempt) is the one statement.
  if (!mayDisable) await recordAttempt(ctx.db, d.id, d.attempts, record);
  const disabled =
    mayDisable &&
    (await ctx.db.transaction(async (tx) => {
      if (!(await recordAttempt(tx, d.id, d.attempts, record))) return false;
      if (outcome.kind === 'gone') return disableWebhook(tx, d.webhookId, 'GONE', now);
      // Given up: a webhook that delivered nothing for the whole schedule is turned off.
      const since = job.since ? new Date(job.since) : d.createdAt;
      if (await deliveredSince(tx, d.webhookId, since)) return false;
      return disableWebhook(tx, d.webhookId, 'FAILING', now);
    }));
  // The owner's mail was committed with the change: let the runner send it now.
  if (disabled) ctx.kick();
  return outcome.kind === 'retry' ? { retryAt: outcome.at } : undefined;
};

/**
 * The 'webhook.deliver' job. A delivery that is gone (its webhook deleted, the log pruned) or no
 * longer PENDING ends its job; one whose webhook is DISABLED is given up without sending; else one
 * attempt, then the job runs again at the retry's time (`retryAt`) or ends.
 */
export const deliverJob =
  (ctx: DeliveryCtx) =>
  async (job: Job): Promise<JobResult> => {
    const payload = DeliverJob.parse(job.payload);
    const d = await loadDelivery(ctx.db, payload.deliveryId);
    if (!d || d.status !== 'PENDING') return undefined;
    if (d.webhookStatus !== 'ENABLED') {
      await failUnsent(ctx.db, d.id, ctx.now());
      return undefined;
    }
    return attempt(ctx, d, payload);
  };
