import type { Env } from '../../env.js';
import { signingSecret } from '../storage/create.js';
import { createRazorpayOAuth } from './oauth.js';
import type { RazorpayProvider } from './razorpay.js';
import { createSandboxRazorpay, type SandboxRazorpay } from './sandbox.js';

/**
 * The secret Razorpay's webhooks are signed with: RAZORPAY_WEBHOOK_SECRET, as set on the webhook in
 * Razorpay's dashboard; unset in the sandbox, one derived from the server's secret (the sandbox and
 * the tests sign with it); unset with the real Razorpay, none, and every webhook is refused.
 */
export const razorpayWebhookSecret = (env: Env): string | null =>
  env.RAZORPAY_WEBHOOK_SECRET ?? (env.RAZORPAY_MODE === 'sandbox' ? signingSecret(env, 'razorpay-webhook') : null);

/** Razorpay as the configuration picks it: the sandbox (default) or Razorpay's OAuth service, whose client it needs. */
export const createRazorpay = (
  env: Env,
  now: () => Date,
): { razorpay: RazorpayProvider; sandbox: SandboxRazorpay | null } => {
  if (env.RAZORPAY_MODE === 'live') {
    if (!env.RAZORPAY_CLIENT_ID || !env.RAZORPAY_CLIENT_SECRET)
      throw new Error('RAZORPAY_MODE=live needs RAZORPAY_CLIENT_ID and RAZORPAY_CLIENT_SECRET');
    return {
      razorpay: createRazorpayOAuth({
        authUrl: env.RAZORPAY_AUTH_URL,
        clientId: env.RAZORPAY_CLIENT_ID,
        clientSecret: env.RAZORPAY_CLIENT_SECRET,
        tokenMode: env.RAZORPAY_TOKEN_MODE,
        now,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxRazorpay({
    publicUrl: env.publicUrl,
    secret: signingSecret(env, 'razorpay-sandbox'),
    now,
  });
  return { razorpay: sandbox, sandbox };
};
