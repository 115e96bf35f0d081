import type { Env } from '../../../env.js';
import type { Db } from '../../../platform/db/open.js';
import { createGraphMetaOnboarding } from './graph.js';
import type { MetaOnboardingProvider } from './onboarding.js';
import { createSandboxMetaOnboarding } from './sandbox.js';

export type SandboxMetaOnboarding = ReturnType<typeof createSandboxMetaOnboarding>;

/** The number onboarding side of Meta: the sandbox by default (its phone page too), the Graph API when META_MODE=live. */
export const createMetaOnboarding = (
  env: Env,
  db: Db,
  now: () => Date,
): { onboarding: MetaOnboardingProvider; sandbox: SandboxMetaOnboarding | null } => {
  if (env.META_MODE === 'live') {
    if (!env.META_SYSTEM_USER_TOKEN) throw new Error('META_MODE=live needs META_SYSTEM_USER_TOKEN');
    return {
      onboarding: createGraphMetaOnboarding({ graphUrl: env.graphUrl, token: env.META_SYSTEM_USER_TOKEN }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxMetaOnboarding({ db, now });
  return { onboarding: sandbox, sandbox };
};
