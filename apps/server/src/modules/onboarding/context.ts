import type { Deps } from '../../deps.js';
import type { SandboxMetaOnboarding } from '../../providers/meta/onboarding/create.js';
import type { MetaOnboardingProvider } from '../../providers/meta/onboarding/onboarding.js';
import type { SecretBox } from '../webhooks/secret.js';

/** What onboarding's use cases run with: the app's deps, Meta's number side, and the box that seals PINs. */
export type OnboardingCtx = Deps & {
  meta: MetaOnboardingProvider;
  /** The sandbox's own view (its phone page); null with the real Meta. */
  sandbox: SandboxMetaOnboarding | null;
  pins: SecretBox;
};
