import type { DbOrTx } from '../../platform/db/open.js';
import { findOptOut, type ProjectRef } from './queries.js';

/** Whether the recipient (as a send names them) last stopped the project's marketing messages. */
export const marketingStopped = async (db: DbOrTx, key: ProjectRef & { recipient: string }): Promise<boolean> =>
  (await findOptOut(db, key))?.stopped ?? false;
