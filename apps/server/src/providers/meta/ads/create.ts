import type { Env } from '../../../env.js';
import type { Db } from '../../../platform/db/open.js';
import { signingSecret } from '../../storage/create.js';
import { createSandboxFacebookLogin } from '../facebook/sandbox-login.js';
import type { MetaAdsProvider } from './ads.js';
import { createGraphMetaAds } from './graph.js';
import { createSandboxMetaAds, type SandboxMetaAds } from './sandbox.js';

/**
 * The Meta Ads side of Meta: the sandbox by default, the Marketing API when META_MODE=live. Live
 * needs the app's id and secret (the login's tokens are the app's); without them Meta Ads is
 * closed (null), as the sign-up is. The sandbox reads the sandbox login's tokens with the same key
 * as the sign-up (providers/meta/signup/create.ts), so one login works for both.
 */
export const createMetaAds = (
  env: Env,
  db: Db,
  now: () => Date,
): { ads: MetaAdsProvider | null; sandbox: SandboxMetaAds | null } => {
  if (env.META_MODE === 'live') {
    if (!env.META_APP_ID || !env.META_APP_SECRET) return { ads: null, sandbox: null };
    // No platform business id is configured yet: an asset in a business reads as assigned, and
    // assigning one is refused (see graph.ts).
    return {
      ads: createGraphMetaAds({ graphUrl: env.graphUrl, appId: env.META_APP_ID, appSecret: env.META_APP_SECRET }, now),
      sandbox: null,
    };
  }
  const facebook = createSandboxFacebookLogin(signingSecret(env, 'sandbox-facebook'), now);
  const sandbox = createSandboxMetaAds({ db, now, facebook });
  return { ads: sandbox, sandbox };
};
