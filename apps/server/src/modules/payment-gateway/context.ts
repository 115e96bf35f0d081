import type { Deps } from '../../deps.js';
import type { RazorpayProvider } from '../../providers/razorpay/razorpay.js';
import type { SandboxRazorpay } from '../../providers/razorpay/sandbox.js';
import type { Sealer } from './sealed.js';

/** What the payment gateway's routes and use cases are built with. */
export type PaymentGatewayCtx = Deps & {
  razorpay: RazorpayProvider;
  /** The sandbox Razorpay when it is the configured one (its pages answer 404 otherwise). */
  sandbox: SandboxRazorpay | null;
  sealer: Sealer;
  /** What Razorpay's webhooks are signed with; null: none configured, every webhook refused. */
  webhookSecret: string | null;
};
