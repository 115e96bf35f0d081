import { messages, type AdminPartner, type PartnerFlags } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../platform/errors/app-error.js';
import { listPartners, mergePartnerFlags } from '../partners/queries.js';

export const listAdminPartners = async (deps: Deps): Promise<AdminPartner[]> =>
  (await listPartners(deps.db)).map(({ id, name, type, currency, flags }) => ({ id, name, type, currency, flags }));

/** Flags not sent keep their value: a partial update never drops a flag someone else set, even at the same moment. */
export const setPartnerFlags = async (deps: Deps, partnerId: string, flags: PartnerFlags) => {
  if (!(await mergePartnerFlags(deps.db, partnerId, flags))) throw notFound();
  return { message: messages.partnerFlagsUpdated };
};
