import type { Deps } from '../../deps.js';
import type { MetaAdsProvider } from '../../providers/meta/ads/ads.js';
import type { SecretBox } from '../webhooks/secret.js';

/** What the Meta Ads use cases run with: the provider (null: live Meta without an app) and the token box. */
export type MetaAdsCtx = Deps & { ads: MetaAdsProvider | null; fbTokens: SecretBox };
