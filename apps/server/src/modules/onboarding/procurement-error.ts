import type { MetaErrorView } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { findPartnerOnboarding } from './queries.js';
import { storedError } from './state.js';

/**
 * The project's `procurementError` (doc 2 section 3): the last error Meta gave its number's
 * onboarding, the one the troubleshooting wizard's steps follow; null when none is kept.
 */
export const procurementErrorOf = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
): Promise<MetaErrorView | null> => storedError(await findPartnerOnboarding(db, partnerId, projectId));
