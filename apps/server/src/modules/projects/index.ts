import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { multipartOptions } from '../../platform/http/multipart.js';
import { createMeta } from '../../providers/meta/create.js';
import { createStorage } from '../../providers/storage/create.js';
import { secretBox } from '../webhooks/secret.js';
import type { ProjectsCtx } from './context.js';
import { fileRoutes } from './file-routes.js';
import { projectRoutes } from './routes.js';

/** The project detail area: its routes with the storage and Meta providers the configuration picks. */
export const projectsModule = (deps: Deps): FastifyPluginAsync => {
  const ctx: ProjectsCtx = {
    ...deps,
    storage: createStorage(deps.env),
    meta: createMeta(deps.env, deps.db, deps.now),
    apiKeys: secretBox(deps.env, 'provider-api-keys'),
  };
  return async (app) => {
    // Multipart only for this module's routes (KYC and the storage form post), with the limits of every form.
    await app.register(multipart, multipartOptions());
    await app.register(projectRoutes(ctx));
    await app.register(fileRoutes(ctx));
  };
};
