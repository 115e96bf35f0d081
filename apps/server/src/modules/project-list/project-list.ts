import {
  PROJECT_LIST_MAX_SKIP,
  type ProjectCounts,
  type ProjectCountsRequest,
  type ProjectListQuery,
  type ProjectListResponse,
  type ProjectListSort,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
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
  type Counted,
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

/** Skip walks every row before the page: past the bound a page opens from its neighbour. */
const TOO_DEEP = `Pages past the first ${PROJECT_LIST_MAX_SKIP.toLocaleString('en-US')} projects open from the page next to them (after or before).`;

export const listProjects = async (
  deps: Deps,
  scope: ListScope,
  query: ProjectListQuery,
  sort: ProjectListSort,
): Promise<ProjectListResponse> => {
  const anchorId = query.after || query.before || null;
  if (!anchorId && query.skip > PROJECT_LIST_MAX_SKIP) throw badRequest(TOO_DEEP);
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
    anchorId ? anchorExists(deps.db, scope.partnerId, anchorId) : false,
    checkBusiness(deps, scope, query.businessId),
  ]);
  if (!anchored && query.skip > PROJECT_LIST_MAX_SKIP) throw badRequest(TOO_DEEP);
  const where = [...filterConditions(scope, query, words), tabCondition(query.filter)];
  const anchor = anchored && anchorId ? { partnerId: scope.partnerId, id: anchorId } : null;
  const start: PageStart = query.after
    ? { skip: query.skip, after: anchor }
    : { skip: query.skip, after: null, before: anchor };
  const wide = await isWideSearch(deps.db, scope, words, COUNT_AHEAD);
  const ahead = wide ? WIDE_SEARCH_CAP : COUNT_AHEAD;
  const fromCounters = countableFromCounters(scope, query);
  const [rows, total] = await Promise.all([
    listPage(deps.db, scope.partnerId, where, sort, start, query.rowsPerPage),
    start.before ? null : totalOf(deps.db, where, fromCounters, sort, start, ahead),
  ]);
  return {
    projects: rows.map((row: Row) => toProjectSummary(row, row.businessName)),
    newSkip: query.skip + rows.length,
    ...totalFields(total ?? (await totalBehind(deps, scope, where, fromCounters, sort, start, rows, ahead))),
  };
};

const totalFields = (total: Counted) => ({
  totalprojects: total.n,
  ...(total.moreThan && { moreThan: true }),
});

/**
 * Going back, the total is counted from the end of the page just read, as a page reached going
 * forward counts it from its anchor: the rows before the page are numbered by `skip`.
 */
const totalBehind = (
  deps: Deps,
  scope: ListScope,
  where: Parameters<typeof totalOf>[1],
  fromCounters: boolean,
  sort: ProjectListSort,
  start: PageStart,
  rows: Row[],
  ahead: number,
) => {
  const last = rows.at(-1);
  const from: PageStart = last
    ? { skip: start.skip + rows.length, after: { partnerId: scope.partnerId, id: last.id } }
    : { skip: start.skip, after: null };
  return totalOf(deps.db, where, fromCounters, sort, from, ahead);
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
