import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { createMetaTemplates } from '../../providers/meta/templates/create.js';
import { createStorage } from '../../providers/storage/create.js';
import { recordUserPreferences } from '../opt-outs/record.js';
import { recordInboundMessages } from '../project-api/inbound.js';
import { recordStatuses } from '../project-api/status.js';
import type { TemplatesCtx } from './context.js';
import { directTemplateRoutes } from './direct-routes.js';
import { mediaRoutes } from './media-routes.js';
import { metaDeliveryJobs } from './meta-deliveries.js';
import { recategorisedMailJobs } from './meta-webhook.js';
import { providerRoutes } from './provider-routes.js';
import { migrateTemplates, staffSyncTemplates } from './staff.js';
import { templateRoutes } from './routes.js';

/** What platform staff run on a project's templates (the super-admin project screen, staff.ts). */
export type StaffTemplateCalls = {
  sync: (
    partnerId: string,
    projectId: string,
    record: Parameters<typeof staffSyncTemplates>[3],
  ) => ReturnType<typeof staffSyncTemplates>;
  migrate: (
    partnerId: string,
    projectId: string,
    record: Parameters<typeof migrateTemplates>[3],
  ) => ReturnType<typeof migrateTemplates>;
};

export type TemplatesModule = { routes: FastifyPluginAsync; jobHandlers: JobHandlers; staff: StaffTemplateCalls };

/**
 * The Template messages area: its routes with the storage and the Meta templates provider the
 * configuration picks, and the background work (the provider's) the jobs table runs.
 */
export const templatesModule = (deps: Deps, receiveAccount: TemplatesCtx['receiveAccount']): TemplatesModule => {
  const metaTemplates = createMetaTemplates(deps.env, deps.db, deps.now);
  // Meta's webhook also carries the statuses of the messages the project API sent (live mode), and
  // the account's and its numbers' events.
  const ctx: TemplatesCtx = {
    ...deps,
    storage: createStorage(deps.env),
    metaTemplates,
    reportStatuses: recordStatuses(deps.db),
    reportInbound: recordInboundMessages(deps.db),
    reportPreferences: (reports) => recordUserPreferences(deps.db, reports),
    receiveAccount,
  };
  return {
    routes: async (app) => {
      await app.register(templateRoutes(ctx));
      await app.register(directTemplateRoutes(ctx));
      await app.register(mediaRoutes(ctx));
      await app.register(providerRoutes(ctx));
    },
    jobHandlers: { ...metaTemplates.jobHandlers, ...recategorisedMailJobs(ctx), ...metaDeliveryJobs(ctx) },
    staff: {
      sync: (partnerId, projectId, record) => staffSyncTemplates(ctx, partnerId, projectId, record),
      migrate: (partnerId, projectId, record) => migrateTemplates(ctx, partnerId, projectId, record),
    },
  };
};
