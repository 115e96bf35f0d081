import type { Deps } from '../../deps.js';
import type { StorageProvider } from '../../providers/storage/storage.js';

/** The partner-account calls: the deps, and the storage a recharge's invoice goes to. */
export type PartnersCtx = Deps & { storage: Pick<StorageProvider, 'put'> };
