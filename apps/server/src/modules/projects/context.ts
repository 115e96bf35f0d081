import type { Deps } from '../../deps.js';
import type { MetaProvider } from '../../providers/meta/meta.js';
import type { LocalStorage } from '../../providers/storage/local.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import type { SecretBox } from '../webhooks/secret.js';

/** What the project module's use cases run with: the app's deps, its two providers and the API keys' box. */
export type ProjectsCtx = Deps & {
  storage: StorageProvider & { local?: LocalStorage };
  meta: MetaProvider;
  /** Opens the channel's sealed apiKey360, which the detail shows masked. */
  apiKeys: SecretBox;
};
