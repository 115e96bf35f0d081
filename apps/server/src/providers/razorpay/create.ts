import type { Env } from '../../env.js';
import { signingSecret } from '../storage/create.js';
import { createRazorpayOAuth } from './oauth.js';
import type { RazorpayProvider } from './razorpay.js';
import { createSandboxRazorpay, type SandboxRazorpay } from './sandbox.js';

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
