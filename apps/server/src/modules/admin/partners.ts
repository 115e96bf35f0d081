import type { z } from 'zod';
import {
  messages,
  type AdminPartner,
  type AdminPartnersQuery,
  type AdminPartnersResponse,
  type PartnerFlags,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { notFound } from '../../platform/errors/app-error.js';
import { recordAudit } from '../audit/record.js';
import { mergePartnerFlags } from '../partners/queries.js';
import { findAdminPartner, lockedFlags, partnerCount, partnerPage, type AdminPartnerRow } from './queries.js';

const toAdminPartner = (row: AdminPartnerRow): AdminPartner => ({
  ...row,
  projectCount: Number(row.projectCount),
  createdAt: row.createdAt.toISOString(),
});

/** A page of partners with their balances, by name; the total counts every partner the search matches. */
export const listAdminPartners = async (
  deps: Deps,
  query: z.output<typeof AdminPartnersQuery>,
): Promise<AdminPartnersResponse> => {
  const search = query.search || undefined;
  const [rows, total] = await Promise.all([
    partnerPage(deps.db, search, query.skip, query.rowsPerPage),
    partnerCount(deps.db, search),
  ]);
  return { partners: rows.map(toAdminPartner), total };
};

export const getAdminPartner = async (deps: Deps, id: string): Promise<AdminPartner> => {
  const row = await findAdminPartner(deps.db, id);
  if (!row) throw notFound();
  return toAdminPartner(row);
};

/**
 * Flags not sent keep their value: a partial update never drops a flag someone else set, even at
 * the same moment (one merging statement, under the partner's row lock). The audit row has the sent
 * flags as they were and as they are.
 */
export const setPartnerFlags = (deps: Deps, admin: AdminViewer, partnerId: string, flags: PartnerFlags) =>
  deps.db.transaction(async (tx) => {
    const before = await lockedFlags(tx, partnerId);
    if (!before || !(await mergePartnerFlags(tx, partnerId, flags))) throw notFound();
    const names = Object.keys(flags) as (keyof PartnerFlags)[];
    await recordAudit(tx, admin, {
      action: 'partner.flags',
      targetKind: 'partner',
      targetId: partnerId,
      partnerId,
      before: Object.fromEntries(names.map((name) => [name, before[name] ?? false])),
      after: flags,
    });
    return { message: messages.partnerFlagsUpdated };
  });
