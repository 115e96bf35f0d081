import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { createMetaAds } from '../../providers/meta/ads/create.js';
import { secretBox } from '../webhooks/secret.js';
import type { MetaAdsCtx } from './context.js';
import { connectAdsByLink } from './connect.js';
import { metaAdsRoutes } from './routes.js';
import { syncJobs } from './sync.js';
import { metaAdsTableRoutes } from './table-routes.js';

export { ensureAdsSyncScheduled } from './sync.js';

/**
 * Meta Ads (doc 3): the project's Meta Ad tab's calls, the area's tables, and the sync that reads
 * the ads and debits their spend from the project's Meta Ads credit.
 */
export const metaAdsModule = (
  deps: Deps,
): {
  routes: FastifyPluginAsync;
  jobHandlers: JobHandlers;
  connectByLink: (ref: { partnerId: string; projectId: string }, token: string) => Promise<void>;
} => {
  const { ads } = createMetaAds(deps.env, deps.db, deps.now);
  const ctx: MetaAdsCtx = { ...deps, ads, fbTokens: secretBox(deps.env, 'facebook-tokens') };
  return {
    routes: async (app) => {
      await app.register(metaAdsRoutes(ctx));
      await app.register(metaAdsTableRoutes(deps));
    },
    jobHandlers: syncJobs(ctx),
    connectByLink: (ref, token) => connectAdsByLink(ctx, ref, token),
  };
};
