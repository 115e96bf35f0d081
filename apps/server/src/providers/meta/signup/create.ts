import type { Env } from '../../../env.js';
import { signingSecret } from '../../storage/create.js';
import { createSandboxFacebookLogin } from '../facebook/sandbox-login.js';
import { createGraphSignup } from './graph.js';
import { createSandboxSignup, type SandboxSignup } from './sandbox.js';
import type { MetaSignupProvider } from './signup.js';

/** The sandbox's login dialog, or Facebook's with the app's id and secret (META_MODE=live). */
export const createMetaSignup = (
  env: Env,
  now: () => Date,
): { signup: MetaSignupProvider | null; sandbox: SandboxSignup | null } => {
  if (env.META_MODE === 'live') {
    // Without the app's id and secret no login token can be checked: the sign-up pages say sign-up is closed.
    if (!env.META_APP_ID || !env.META_APP_SECRET) return { signup: null, sandbox: null };
    return {
      signup: createGraphSignup({
        graphUrl: env.graphUrl,
        appId: env.META_APP_ID,
        appSecret: env.META_APP_SECRET,
      }),
      sandbox: null,
    };
  }
  // The same key as Meta Ads' sandbox (providers/meta/ads/create.ts): one login's token works for both.
  const sandbox = createSandboxSignup(createSandboxFacebookLogin(signingSecret(env, 'sandbox-facebook'), now));
  return { signup: sandbox, sandbox };
};
