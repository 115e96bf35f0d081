import { z } from 'zod';
import { WEBHOOK_TEST_EVENT } from '@pc/contract';
import type { Job, JobHandler, JobResult } from '../../../platform/jobs/job.js';
import { claimedDeliveries } from './claimed-deliveries.js';
import type { DeliveryCtx } from './context.js';
import { deliveredSince, disableWebhook, failUnsent, type DeliveryToSend } from './deliver-queries.js';
import { attemptsRecorder, recordAttempt, type AttemptRecord, type AttemptToRecord } from './record-attempts.js';
import { envelopeOf } from './envelope.js';
import { retryAfterMs, retryWaitMs } from './schedule.js';
import { sendAttempt, type AttemptResult } from './sender.js';
import { isSandboxReceiverUrl } from '../sandbox-receiver.js';
import { previousSecretValid } from '../webhook-row.js';

/**
 * The job of one delivery. `partnerId` is the delivery's partner, so that every statement the
 * worker runs for it names the partner and, on a distributed database, goes to that partner's node
 * alone (docs/scaling.md); jobs queued before it was carried have none, and their partner is read
 * by the delivery's id (claimed-deliveries.ts). `base` is the delivery's attempt count when its
 * round began (0, or what it had when replayed), so the schedule starts afresh on a replay; `since`
 * is when a replay's round began (the delivery's creation otherwise), for the "failing for the
 * whole schedule" rule.
 */
export const DeliverJob = z.object({
  partnerId: z.string().optional(),
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

/** Opens sealed secrets, each once: the deliveries of a batch mostly share a webhook. */
const secretsOpener = (ctx: DeliveryCtx) => {
  const opened = new Map<string, string>();
  return (sealed: string) => {
    let secret = opened.get(sealed);
    if (secret === undefined) {
      secret = ctx.box.open(sealed);
      opened.set(sealed, secret);
    }
    return secret;
  };
};
type OpenSecret = ReturnType<typeof secretsOpener>;

/**
 * The secret a rotation replaced while it still signs at the attempt's time; null after, or when it
 * no longer opens (sealed under a former token secret): the current signature alone is then sent.
 */
const previousSecretAt = (open: OpenSecret, d: DeliveryToSend, at: Date): string | null => {
  if (!previousSecretValid(d, at)) return null;
  try {
    return open(d.previousSecret!);
  } catch {
    return null;
  }
};

type RecordAttempt = (item: AttemptToRecord) => Promise<boolean>;

/**
 * Sends one attempt of a delivery (no transaction is open meanwhile) and records what came of it,
 * ending its job in the same statement (`ended`).
 */
const attempt = async (
  ctx: DeliveryCtx,
  d: DeliveryToSend,
  jobId: string,
  job: DeliverJob,
  open: OpenSecret,
  record: RecordAttempt,
): Promise<JobResult> => {
  const at = ctx.now();
  const result = await sendAttempt({
    url: d.url,
    id: d.eventId,
    body: envelopeOf({ type: d.type, createdAt: d.eventAt, payload: d.payload }),
    secret: open(d.secret),
    previousSecret: previousSecretAt(open, d, at),
    at,
    timeoutMs: ctx.env.WEBHOOK_ATTEMPT_TIMEOUT_MS,
    allowPrivate: ctx.env.WEBHOOK_ALLOW_PRIVATE_URLS || isSandboxReceiverUrl(ctx.env, d.url),
    lookup: ctx.lookup,
  });
  const now = ctx.now();
  const failedInRound = d.attempts + 1 - (job.base ?? 0);
  const test = d.type === WEBHOOK_TEST_EVENT;
  const outcome = outcomeOf(result, failedInRound, { test, now, random: ctx.random });
  const item: AttemptToRecord = {
    deliveryId: d.id,
    partnerId: d.partnerId,
    jobId,
    seenAttempts: d.attempts,
    attempt: {
      at,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      excerpt: result.excerpt,
      error: result.error,
      status: statusOf(outcome),
      nextAttemptAt: outcome.kind === 'retry' ? outcome.at : null,
    },
  };
  // The attempt is recorded and its job ended (done, or due again at the retry) in one statement.
  // The usual case (delivered, a retry, a test event's one attempt) is written with the attempts
  // that ended meanwhile, one statement for them all.
  if (outcome.kind !== 'gone' && (outcome.kind !== 'failed' || test)) {
    await record(item);
    return { ended: true };
  }
  const disabled = await ctx.db.transaction(async (tx) => {
    if (!(await recordAttempt(tx, item))) return false;
    if (outcome.kind === 'gone') return disableWebhook(tx, d.partnerId, d.webhookId, 'GONE', now);
    // Given up: a webhook that delivered nothing for the whole schedule is turned off.
    const since = job.since ? new Date(job.since) : d.createdAt;
    if (await deliveredSince(tx, d.partnerId, d.webhookId, since)) return false;
    return disableWebhook(tx, d.partnerId, d.webhookId, 'FAILING', now);
  });
  // The owner's mail was committed with the change: let the runner send it now.
  if (disabled) ctx.kick();
  return { ended: true };
};

/**
 * How many deliveries a process keeps under way at once, in a lane of the jobs runner of their own:
 * they wait on receivers, and the more are under way, the bigger the batches they are claimed, read
 * and recorded in (the statements a delivery costs fall with them). A backlog of deliveries takes
 * none of JOBS_CONCURRENCY's slots, so mails and renewals do not wait behind it.
 */
export const DELIVERY_CONCURRENCY = 64;

/**
 * The 'webhook.deliver' job. A delivery that is gone (its webhook deleted, the log pruned) or no
 * longer PENDING ends its job; one whose webhook is DISABLED is given up without sending; else one
 * attempt, recorded in the statement that ends its job (done, or due again at the retry's time).
 * The runner hands it its claimed jobs together (`many`): their deliveries are read in one query a
 * partner, sent at once, and their attempts recorded as they end, one statement a partner for those
 * that end in the same turn of the event loop or while the previous write is under way (a group
 * commit a partner); each job ends on its own, so a slow receiver holds up no other. Every
 * statement names its partner: on a distributed database each runs on that partner's node alone.
 */
export const deliverJob = (ctx: DeliveryCtx): JobHandler => {
  const record = attemptsRecorder(ctx.db);
  const many = (jobs: readonly Job[]): Promise<JobResult>[] => {
    const payloads = jobs.map((job) => DeliverJob.safeParse(job.payload));
    const deliveryOf = claimedDeliveries(
      ctx.db,
      payloads.flatMap((p) => (p.success ? [p.data] : [])),
    );
    const open = secretsOpener(ctx);
    return payloads.map(async (p, i) => {
      if (!p.success) throw p.error;
      const d = await deliveryOf(p.data.deliveryId);
      if (!d || d.status !== 'PENDING') return undefined;
      if (d.webhookStatus !== 'ENABLED') {
        await failUnsent(ctx.db, d.partnerId, d.id, ctx.now());
        return undefined;
      }
      return attempt(ctx, d, jobs[i]!.id, p.data, open, record);
    });
  };
  return Object.assign((job: Job) => many([job])[0]!, { many, concurrency: DELIVERY_CONCURRENCY });
};
