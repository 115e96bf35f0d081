import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { SendTemplateMessageResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { createMetaMessages } from '../../providers/meta/messages/create.js';
import { sandboxPricingOf } from './sandbox-pricing.js';
import type { MetaMessagesProvider } from '../../providers/meta/messages/messages.js';
import type { ProjectApiCtx } from './context.js';
import { pruneKeysJobs } from './prune-keys.js';
import { projectApiRoutes } from './routes.js';
import { deliverTemplate, type TemplateDelivery } from './send.js';
import { createSerial } from './serial.js';
import { recordStatus } from './status.js';

export { PROJECT_API_SECURITY_SCHEMES } from './security.js';
export { ensureKeysPruneScheduled as ensureProjectApiPruneScheduled } from './prune-keys.js';

export type ProjectApiModule = {
  routes: FastifyPluginAsync;
  jobHandlers: JobHandlers;
  /** A template message of a project, through this module's provider and send queue (the sign-up's test message). */
  deliver: (
    project: { id: string; partnerId: string },
    delivery: TemplateDelivery,
    log: FastifyBaseLogger,
  ) => Promise<SendTemplateMessageResponse>;
};

/**
 * The project API: its routes with Meta's message side as the configuration picks it, and that
 * provider's background work (the sandbox's status reports) and the idempotency keys' hourly prune
 * for the jobs table. `messages` is for
 * tests that put a provider of their own in.
 */
export const projectApiModule = (deps: Deps, overrides: { messages?: MetaMessagesProvider } = {}): ProjectApiModule => {
  const messages =
    overrides.messages ??
    createMetaMessages(deps.env, deps.db, deps.now, recordStatus(deps.db), sandboxPricingOf(deps.db));
  const ctx: ProjectApiCtx = { ...deps, messages, serial: createSerial() };
  return {
    routes: async (app) => {
      await app.register(projectApiRoutes(ctx));
    },
    jobHandlers: { ...messages.jobHandlers, ...pruneKeysJobs(deps.db, deps.now) },
    deliver: (project, delivery, log) => deliverTemplate(ctx, project, delivery, log),
  };
};
