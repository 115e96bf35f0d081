import type { Env } from '../../env.js';
import type { Db } from '../../platform/db/open.js';
import { signingSecret } from '../storage/create.js';
import { createGraphMeta } from './graph.js';
import { createLinkTokens } from './link-token.js';
import type { MetaProvider } from './meta.js';
import { createSandboxMeta } from './sandbox.js';

/** The key of the links' signed state: the projects module signs, the link callback verifies. */
export const metaLinkTokens = (env: Env) => createLinkTokens(signingSecret(env, 'meta-links'));

export const createMeta = (env: Env, db: Db, now: () => Date): MetaProvider => {
  const tokens = metaLinkTokens(env);
  if (env.META_MODE === 'live') {
    if (!env.META_SYSTEM_USER_TOKEN) throw new Error('META_MODE=live needs META_SYSTEM_USER_TOKEN');
    return createGraphMeta({
      graphUrl: env.graphUrl,
      graphVersion: env.META_GRAPH_VERSION,
      publicUrl: env.publicUrl,
      token: env.META_SYSTEM_USER_TOKEN,
      appId: env.META_APP_ID,
      signupConfigId: env.META_SIGNUP_CONFIG_ID,
      tokens,
      now,
    });
  }
  return createSandboxMeta({ publicUrl: env.publicUrl, tokens, now, db });
};
