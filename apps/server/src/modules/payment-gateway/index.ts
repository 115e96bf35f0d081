import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { createRazorpay } from '../../providers/razorpay/create.js';
import { signingSecret } from '../../providers/storage/create.js';
import type { PaymentGatewayCtx } from './context.js';
import { paymentGatewayRoutes } from './routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { createSealer } from './sealed.js';

/** The payment gateway (Razorpay) on Configure Onboarding: its calls, with the provider the configuration picks. */
export const paymentGatewayModule = (deps: Deps): FastifyPluginAsync => {
  const { razorpay, sandbox } = createRazorpay(deps.env, deps.now);
  const ctx: PaymentGatewayCtx = {
    ...deps,
    razorpay,
    sandbox,
    sealer: createSealer(signingSecret(deps.env, 'razorpay-tokens')),
  };
  return async (app) => {
    await app.register(paymentGatewayRoutes(ctx));
    await app.register(sandboxRoutes(ctx));
  };
};
