import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { createMetaOnboarding } from '../../providers/meta/onboarding/create.js';
import { secretBox } from '../webhooks/secret.js';
import type { OnboardingCtx } from './context.js';
import { connectAccountJobs } from './connect-account.js';
import { recheckJobs } from './recheck.js';
import { onboardingRoutes } from './routes.js';

/**
 * Onboarding a project's number onto WhatsApp: the troubleshooting wizard's calls with Meta's number
 * side, and the background check that registers a dropped number again.
 */
export { ensureRecheckScheduled as ensureOnboardingCheckScheduled } from './recheck.js';
export { enqueueConnectAccount } from './connect-account.js';
export { connectSharedWaba } from './connect-waba.js';

export const onboardingModule = (deps: Deps): { routes: FastifyPluginAsync; jobHandlers: JobHandlers } => {
  const { onboarding, sandbox } = createMetaOnboarding(deps.env, deps.db, deps.now);
  const ctx: OnboardingCtx = { ...deps, meta: onboarding, sandbox, pins: secretBox(deps.env, 'registration-pins') };
  return {
    routes: async (app) => {
      await app.register(onboardingRoutes(ctx));
    },
    jobHandlers: { ...recheckJobs(ctx), ...connectAccountJobs(ctx, secretBox(deps.env, 'facebook-tokens')) },
  };
};
