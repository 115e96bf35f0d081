import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { createRazorpay, razorpayWebhookSecret } from '../../providers/razorpay/create.js';
import { signingSecret } from '../../providers/storage/create.js';
import type { PaymentGatewayCtx } from './context.js';
import { refreshJobs } from './refresh-job.js';
import { paymentGatewayRoutes } from './routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { createSealer } from './sealed.js';
import { webhookRoutes } from './webhook-routes.js';

export { ensureRefreshesScheduled as ensureRazorpayRefreshesScheduled } from './refresh-job.js';

/**
 * The payment gateway (Razorpay) on Configure Onboarding: its calls, with the provider the
 * configuration picks; Razorpay's webhook; and the jobs that refresh each connection's access token
 * a week before it ends.
 */
export const paymentGatewayModule = (deps: Deps): { routes: FastifyPluginAsync; jobHandlers: JobHandlers } => {
  const { razorpay, sandbox } = createRazorpay(deps.env, deps.now);
  const ctx: PaymentGatewayCtx = {
    ...deps,
    razorpay,
    sandbox,
    sealer: createSealer(signingSecret(deps.env, 'razorpay-tokens')),
    webhookSecret: razorpayWebhookSecret(deps.env),
  };
  return {
    routes: async (app) => {
      await app.register(paymentGatewayRoutes(ctx));
      await app.register(sandboxRoutes(ctx));
      await app.register(webhookRoutes(ctx));
    },
    jobHandlers: refreshJobs(ctx),
  };
};
