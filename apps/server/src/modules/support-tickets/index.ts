import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { ticketMailJobs } from './mail.js';
import { supportTicketRoutes } from './routes.js';

export type SupportTicketsModule = { routes: FastifyPluginAsync; jobHandlers: JobHandlers };

/** Support tickets: their calls, and the mail that tells the partner's owner how one ended. */
export const supportTicketsModule = (deps: Deps): SupportTicketsModule => ({
  routes: async (app) => {
    await app.register(supportTicketRoutes(deps));
  },
  jobHandlers: ticketMailJobs(deps),
});
