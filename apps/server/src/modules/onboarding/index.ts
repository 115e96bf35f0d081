import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { createMetaOnboarding } from '../../providers/meta/onboarding/create.js';
import { secretBox } from '../webhooks/secret.js';
import type { OnboardingCtx } from './context.js';
import { onboardingRoutes } from './routes.js';

/** Onboarding a project's number onto WhatsApp: the troubleshooting wizard's calls with Meta's number side. */
export const onboardingModule = (deps: Deps): { routes: FastifyPluginAsync } => {
  const { onboarding, sandbox } = createMetaOnboarding(deps.env, deps.db, deps.now);
  const ctx: OnboardingCtx = { ...deps, meta: onboarding, sandbox, pins: secretBox(deps.env, 'registration-pins') };
  return {
    routes: async (app) => {
      await app.register(onboardingRoutes(ctx));
    },
  };
};
