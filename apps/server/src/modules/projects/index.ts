import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { createMeta } from '../../providers/meta/create.js';
import { createStorage } from '../../providers/storage/create.js';
import type { ProjectsCtx } from './context.js';
import { projectRoutes } from './routes.js';

/** The project detail area: its routes with the storage and Meta providers the configuration picks. */
export const projectsModule = (deps: Deps): FastifyPluginAsync => {
  const { meta, sandbox, tokens } = createMeta(deps.env, deps.now);
  const ctx: ProjectsCtx = { ...deps, storage: createStorage(deps.env), meta, sandbox, linkTokens: tokens };
  return async (app) => {
    await app.register(projectRoutes(ctx));
  };
};
