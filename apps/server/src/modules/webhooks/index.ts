import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { WebhooksCtx } from './context.js';
import { webhookRoutes } from './routes.js';
import { sandboxReceiverRoutes } from './sandbox-receiver.js';
import { secretBox } from './secret.js';

export type WebhooksModule = { routes: FastifyPluginAsync };

/** The webhook management calls (doc 2 section 7.2), with the box that seals the shared secrets, and the sandbox's receiver. */
export const webhooksModule = (deps: Deps): WebhooksModule => {
  const ctx: WebhooksCtx = { ...deps, box: secretBox(deps.env) };
  return {
    routes: async (app) => {
      await app.register(webhookRoutes(ctx));
      await app.register(sandboxReceiverRoutes());
    },
  };
};
