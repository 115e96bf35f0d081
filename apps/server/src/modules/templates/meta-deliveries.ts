import type { Db } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import type { TemplatesCtx } from './context.js';
import { MetaWebhookBody, receiveMetaWebhook } from './meta-webhook.js';

export const META_DELIVERY_JOB = 'meta-webhook.delivery';

/**
 * A verified delivery of Meta's webhook, kept as it came in one insert (a job) and answered: Meta
 * wants a quick 200 and retries anything slower for days. The job does the work (statuses in
 * batches, account events, template words), each part idempotent, so a job run again after a crash
 * or a failure repeats nothing; the delivery survives a crash between the answer and the work.
 */
export const acceptMetaDelivery = async (db: Db, body: MetaWebhookBody, now: Date) => {
  await enqueue(db, { kind: META_DELIVERY_JOB, payload: body, runAt: now, maxAttempts: 20 });
  jobsSignal.kick();
};

export const metaDeliveryJobs = (ctx: TemplatesCtx): JobHandlers => ({
  [META_DELIVERY_JOB]: async (job) => {
    await receiveMetaWebhook(ctx, MetaWebhookBody.parse(job.payload));
  },
});
