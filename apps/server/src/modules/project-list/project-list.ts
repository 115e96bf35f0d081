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
import {
  countableFromCounters,
  filterConditions,
  isWideSearch,
  searchOf,
  tabCondition,
  type ListScope,
} from './filters.js';
import {
  anchorExists,
  businessExists,
  COUNT_AHEAD,
  COUNTS_CAP,
  listPage,
  tabCounts,
  totalOf,
  WIDE_SEARCH_CAP,
  type PageStart,
} from './queries.js';
import { isPlainPage, plainPage } from './plain-page.js';
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
  if (isPlainPage(scope, query)) {
    const { rows, total } = await plainPage(deps.db, scope, query, sort);
    return {
      projects: rows.map((row) => toProjectSummary(row, row.businessName)),
      newSkip: query.skip + rows.length,
      totalprojects: total,
    };
  }
  const [words, anchored] = await Promise.all([
    searchOf(deps.db, query),
    query.after ? anchorExists(deps.db, scope.partnerId, query.after) : false,
    checkBusiness(deps, scope, query.businessId),
  ]);
  const where = [...filterConditions(scope, query, words), tabCondition(query.filter)];
  const start: PageStart = {
    skip: query.skip,
    after: anchored && query.after ? { partnerId: scope.partnerId, id: query.after } : null,
  };
  const wide = await isWideSearch(deps.db, scope, words, COUNT_AHEAD);
  const [rows, total] = await Promise.all([
    listPage(deps.db, where, sort, start, query.rowsPerPage),
    totalOf(deps.db, where, countableFromCounters(scope, query), sort, start, wide ? WIDE_SEARCH_CAP : COUNT_AHEAD),
  ]);
  return {
    projects: rows.map((row: Row) => toProjectSummary(row, row.businessName)),
    newSkip: query.skip + rows.length,
    totalprojects: total.n,
    ...(total.moreThan && { moreThan: true }),
  };
};

export const countProjects = async (
  deps: Deps,
  scope: ListScope,
  filter: ProjectCountsRequest,
): Promise<ProjectCounts[]> => {
  const [words] = await Promise.all([searchOf(deps.db, filter), checkBusiness(deps, scope, filter.businessId)]);
  const wide = await isWideSearch(deps.db, scope, words, COUNTS_CAP);
  const where = filterConditions(scope, filter, words);
  return [await tabCounts(deps.db, where, countableFromCounters(scope, filter), wide ? WIDE_SEARCH_CAP : COUNTS_CAP)];
};
