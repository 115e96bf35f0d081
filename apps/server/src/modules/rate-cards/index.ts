import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { rateCardJobs } from './apply.js';
import { rateCardRoutes } from './routes.js';

export { applyRateCard, ensureRateCardsScheduled } from './apply.js';
export { RATE_CARD_JOB } from './load.js';

/**
 * Rate cards with dates (docs/pricing.md, "Rate cards"): the super-admin's routes, the partners' view and
 * answers, and the job that applies a card at its instant. Charging reads the cards itself
 * (charging/batch-projects.ts) with the pure rule of transform.ts.
 */
export const rateCardsModule = (deps: Deps): { routes: FastifyPluginAsync; jobHandlers: JobHandlers } => ({
  routes: async (app) => {
    await app.register(rateCardRoutes(deps));
  },
  jobHandlers: rateCardJobs(deps),
});
