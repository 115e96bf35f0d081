import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { PrivateAppCtx } from './context.js';
import { passwordHasher } from './password.js';
import { privateAppRoutes } from './routes.js';

export { verifyPrivateAppCredential } from './credential.js';

export type PrivateAppModule = { routes: FastifyPluginAsync };

/** The Project Api tab's credential calls (doc 2 section 7.2). */
export const privateAppModule = (deps: Deps): PrivateAppModule => {
  const ctx: PrivateAppCtx = { ...deps, hasher: passwordHasher(deps.env) };
  return {
    routes: async (app) => {
      await app.register(privateAppRoutes(ctx));
    },
  };
};
