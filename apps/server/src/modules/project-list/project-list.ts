import type {
  ProjectCounts,
  ProjectCountsRequest,
  ProjectListQuery,
  ProjectListResponse,
  ProjectListSort,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { notFound } from '../../platform/errors/app-error.js';
import { filterConditions, isUnfiltered, tabCondition, type ListScope } from './filters.js';
import { businessExists, listPage, tabCounts, totalWhere } from './queries.js';
import { toProjectSummary } from './summary.js';

type Row = Awaited<ReturnType<typeof listPage>>[number];

/**
 * The session decides what is seen: the partner's projects, and for a referral user (on either
 * route) only those of the businesses they brought. A partnerReferralId in the body is ignored.
 */
export const scopeOf = (viewer: AgentViewer, referralRoute: boolean): ListScope => ({
  partnerId: viewer.partnerId,
  referralAgentId: referralRoute || viewer.isReferral ? viewer.agentId : null,
});

/** A business id in the filter is the caller's own or not found. */
const checkBusiness = async (deps: Deps, scope: ListScope, businessId: string | null | undefined) => {
  if (businessId && !(await businessExists(deps.db, scope.partnerId, businessId))) throw notFound();
};

export const listProjects = async (
  deps: Deps,
  scope: ListScope,
  query: ProjectListQuery,
  sort: ProjectListSort,
): Promise<ProjectListResponse> => {
  await checkBusiness(deps, scope, query.businessId);
  const where = [...filterConditions(scope, query), tabCondition(query.filter)];
  const [rows, total] = await Promise.all([
    listPage(deps.db, where, sort, query.skip, query.rowsPerPage),
    totalWhere(deps.db, where, isUnfiltered(scope, query)),
  ]);
  return {
    projects: rows.map((row: Row) => toProjectSummary(row, row.businessName)),
    newSkip: query.skip + rows.length,
    totalprojects: total,
  };
};

export const countProjects = async (
  deps: Deps,
  scope: ListScope,
  filter: ProjectCountsRequest,
): Promise<ProjectCounts[]> => {
  await checkBusiness(deps, scope, filter.businessId);
  return [await tabCounts(deps.db, filterConditions(scope, filter), isUnfiltered(scope, filter))];
};
