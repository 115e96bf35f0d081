import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { createStorage } from '../../providers/storage/create.js';
import { superadminPartnerRoutes } from './routes.js';

/** Partners as accounts, with the storage the configuration picks (a recharge's invoice goes there). */
export const superadminPartnersModule = (deps: Deps): FastifyPluginAsync => {
  const ctx = { ...deps, storage: createStorage(deps.env) };
  return async (app) => {
    await app.register(superadminPartnerRoutes(ctx));
  };
};
