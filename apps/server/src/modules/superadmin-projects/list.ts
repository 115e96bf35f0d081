import type { SuperadminProjectListQuery, SuperadminProjectListResponse, SuperadminProjectRow } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { iso } from './iso.js';
import { listConditions, listPage, scopeConditions, searchOf, totalOf, statusCountsOf } from './list-queries.js';
import type { ListRow } from './list-queries.js';

export const toRow = (r: ListRow): SuperadminProjectRow => ({
  _id: r.id,
  assistantName: r.name,
  partnerId: r.partnerId,
  partnerName: r.partnerName,
  clientId: r.businessId,
  businessName: r.businessName,
  whatsappNumber: r.whatsappNumber,
  fbBusinessId: r.fbBusinessId,
  wabaNumberId: r.wabaNumberId,
  whatsAppDisplayName: r.whatsAppDisplayName,
  channelActivatedOn: iso(r.channelActivatedOn),
  planActivatedOn: iso(r.planActivatedOn),
  planRenewalOn: iso(r.planRenewalOn),
  planStoppedOn: iso(r.planStoppedOn),
  disabledOn: iso(r.disabledOn),
  fbManagerVerified: r.fbManagerVerified,
  displayNameStatus: r.displayNameStatus,
  qualityRating: r.qualityRating,
  macQuota: r.macQuota,
  macUsage: r.macUsage,
  templateCredit: Number(r.templateCredit),
  currency: r.currency,
  createdAt: r.createdAt.toISOString(),
  messagingLimit: r.messagingLimit,
  status: r.status,
  partnerArchived: r.partnerArchived,
  activePlan: r.activePlan,
});

/**
 * Every partner's projects (doc 2 section 2.2), newest first, filtered by partner and status and
 * searched by name or number; the total and each status's count come from the same conditions.
 * An unknown partner id simply matches nothing.
 */
export const listAllProjects = async (
  deps: Deps,
  query: SuperadminProjectListQuery,
): Promise<SuperadminProjectListResponse> => {
  const search = await searchOf(deps.db, query.search);
  const searched = search !== null;
  const where = listConditions(query, search);
  const [rows, total, statusCounts] = await Promise.all([
    listPage(deps.db, where, query.skip, query.rowsPerPage),
    totalOf(deps.db, where, searched),
    statusCountsOf(deps.db, scopeConditions(query, search), searched),
  ]);
  return { projects: rows.map(toRow), totalprojects: total, statusCounts };
};
