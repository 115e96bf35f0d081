import type { Deps } from '../../deps.js';
import type { LinkTokens } from '../../providers/meta/link-token.js';
import type { MetaSignupProvider } from '../../providers/meta/signup/signup.js';
import type { SecretBox } from '../webhooks/secret.js';

/** What completing a generated link runs with. */
export type MetaLinksCtx = Deps & {
  linkTokens: LinkTokens;
  /** The code's exchange and what the login shared; null when live Meta has no app id and secret. */
  facebook: MetaSignupProvider | null;
  /** Seals the client's business token at rest (the sign-up's box). */
  tokenBox: SecretBox;
  /** Meta Ads' connection of the login's user (modules/meta-ads). */
  connectAds: (ref: { partnerId: string; projectId: string }, token: string) => Promise<void>;
};
