import type { Deps } from '../../deps.js';
import type { MetaTemplatesProvider } from '../../providers/meta/templates/templates.js';
import type { StorageProvider } from '../../providers/storage/storage.js';

/** What the template module's use cases run with: the app's deps, the storage (sample media) and Meta's templates. */
export type TemplatesCtx = Deps & {
  storage: StorageProvider;
  metaTemplates: MetaTemplatesProvider;
};
