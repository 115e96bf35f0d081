import type { Env } from '../../env.js';
import { signingSecret } from '../storage/create.js';
import { createGraphMeta } from './graph.js';
import { createLinkTokens } from './link-token.js';
import type { MetaProvider } from './meta.js';
import { createSandboxMeta, type SandboxMeta } from './sandbox.js';

export const createMeta = (
  env: Env,
  now: () => Date,
): { meta: MetaProvider; sandbox: SandboxMeta | null; tokens: ReturnType<typeof createLinkTokens> } => {
  const tokens = createLinkTokens(signingSecret(env, 'meta-links'));
  if (env.META_MODE === 'live') {
    if (!env.META_SYSTEM_USER_TOKEN) throw new Error('META_MODE=live needs META_SYSTEM_USER_TOKEN');
    return {
      meta: createGraphMeta({
        graphUrl: env.graphUrl,
        token: env.META_SYSTEM_USER_TOKEN,
        appId: env.META_APP_ID,
        signupConfigId: env.META_SIGNUP_CONFIG_ID,
        tokens,
        now,
      }),
      sandbox: null,
      tokens,
    };
  }
  const sandbox = createSandboxMeta({ publicUrl: env.publicUrl, tokens, now });
  return { meta: sandbox, sandbox, tokens };
};
