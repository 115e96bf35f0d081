import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../../deps.js';
import type { DbOrTx } from '../../../platform/db/open.js';
import type { JobHandlers } from '../../../platform/jobs/job.js';
import { jobsSignal } from '../../../platform/jobs/signal.js';
import { secretBox } from '../secret.js';
import type { DeliveryCtx } from './context.js';
import { deliverJob } from './deliver.js';
import { DELIVER_JOB, PRUNE_JOB } from './kinds.js';
import { disabledMailJobs } from './mail.js';
import { ensurePruneScheduled, pruneJob } from './prune.js';
import { deliveryRoutes } from './routes.js';

export { emitWebhookEvents, emitWebhookEventsOf, type WebhookEventInput, type EmitOutcome } from './emit.js';
export { DELIVER_JOB, DISABLED_MAIL_JOB, PRUNE_JOB } from './kinds.js';
export { ensurePruneScheduled as ensureWebhookPruneScheduled } from './prune.js';

export type WebhookDeliveryModule = {
  routes: FastifyPluginAsync;
  jobHandlers: JobHandlers;
  /** At start: makes sure the hourly prune job exists (idempotent, safe with several servers). */
  ensureScheduled: (db: DbOrTx) => Promise<void>;
};

/**
 * Webhook delivery: the delivery console's calls and the jobs that deliver events (signed, retried
 * on the schedule, disabling dead endpoints), mail the owner when a webhook is disabled, and prune
 * the log. `overrides` is for tests (the jitter, name resolution, the runner's kick).
 */
export const webhookDeliveryModule = (
  deps: Deps,
  overrides: Partial<Pick<DeliveryCtx, 'random' | 'lookup' | 'kick'>> = {},
): WebhookDeliveryModule => {
  const ctx: DeliveryCtx = {
    ...deps,
    box: secretBox(deps.env),
    random: Math.random,
    kick: jobsSignal.kick,
    ...overrides,
  };
  return {
    routes: deliveryRoutes(ctx),
    jobHandlers: { [DELIVER_JOB]: deliverJob(ctx), [PRUNE_JOB]: pruneJob(ctx), ...disabledMailJobs(ctx) },
    ensureScheduled: async (db) => {
      await ensurePruneScheduled(db, deps.now());
    },
  };
};
