import type { Deps } from '../../deps.js';
import type { MetaProvider } from '../../providers/meta/meta.js';
import type { LocalStorage } from '../../providers/storage/local.js';
import type { StorageProvider } from '../../providers/storage/storage.js';

/** What the project module's use cases run with: the app's deps and its two providers. */
export type ProjectsCtx = Deps & {
  storage: StorageProvider & { local?: LocalStorage };
  meta: MetaProvider;
};
