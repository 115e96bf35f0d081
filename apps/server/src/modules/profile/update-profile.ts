import { messages, type ProfileUpdateRequest } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { updatePartner } from '../partners/queries.js';

/** Saves only the fields sent; an empty update is refused rather than silently accepted. */
export const updateProfile = async (db: DbOrTx, partnerId: string, input: ProfileUpdateRequest) => {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw badRequest('Nothing to update.');
  await updatePartner(db, partnerId, values);
  return { message: messages.profileUpdated };
};
