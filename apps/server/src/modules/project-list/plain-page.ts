import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ProjectListQuery, ProjectListSort, ProjectTabFilter } from '@pc/contract';
import { isEmbedded, writeFeedOf, type DbOrTx } from '../../platform/db/open.js';
import { businesses, projects } from '../../platform/db/schema.js';
import type { ListScope } from './filters.js';
import { tabCondition } from './filters.js';
import { PageCache } from './page-cache.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';
import { summaryColumns } from './queries.js';

const p = projects;

/**
 * The page everyone opens first: a tab of the partner's projects with no filter, no search and
 * no keyset anchor (the projects list as it opens, and its tabs). It has one shape per tab and
 * order, so it is built once per database with placeholders (drizzle's prepared queries) instead
 * of on every request: building its SQL cost a quarter of the route's CPU on PostgreSQL
 * (docs/benchmarks.md, "Throughput over HTTP"). The tab's total (from the counter table) rides on
 * the page's rows as an uncorrelated subquery, run once: one round trip to the database instead of
 * two, which under load was the route's largest cost after the sockets. A page with no row (past
 * the end, or a partner without projects) asks for the total alone. The conditions are the filter
 * builder's own (`tabCondition`, the partner's id), so the rows and the total are the ones the
 * general path gives; the tests run both.
 */
export const isPlainPage = (scope: ListScope, q: ProjectListQuery) =>
  !scope.referralAgentId &&
  !q.after &&
  !q.before &&
  !q.businessId &&
  !q.assistantName?.trim() &&
  !q.fromDate &&
  !q.toDate &&
  !q.fromPlanActivatedDate &&
  !q.toPlanActivatedDate &&
  (!q.monthlyPlan || q.monthlyPlan === 'ALL') &&
  (!q.yearlyPlan || q.yearlyPlan === 'ALL') &&
  (!q.kycFilter || q.kycFilter === 'ALL');

const partnerId = sql.placeholder('partnerId');
const counters = sql`project_tab_counts as ${p}`;

const prepare = (db: DbOrTx, tab: ProjectTabFilter, sort: ProjectListSort) => {
  const where = and(eq(p.partnerId, partnerId), tabCondition(tab));
  const asc_ = sort === 'asc';
  const ids = db
    .select({ id: p.id, partnerId: p.partnerId, createdAt: p.createdAt })
    .from(p)
    .where(where)
    .orderBy(...(asc_ ? [asc(p.createdAt), asc(p.id)] : [desc(p.createdAt), desc(p.id)]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'))
    .as('page');
  const total = db
    .select({ n: sql<number>`coalesce(sum(n), 0)::int` })
    .from(counters)
    .where(where);
  return {
    page: db
      .select({ ...summaryColumns, total: sql<number>`(${total})`.mapWith(Number) })
      .from(ids)
      .innerJoin(p, and(eq(p.id, ids.id), eq(p.partnerId, ids.partnerId)))
      .innerJoin(businesses, businessOfProject)
      // The partner named again outside the page's subquery, and the joins on it: on Citus the whole
      // statement then goes to the partner's node (one task). On PostgreSQL it cost 2.5 % more a
      // query (0.695 against 0.678 ms, 2,000 runs each, 2026-11-30); naming it on the projects'
      // column instead cost 8 % (the planner weighed the partner's indexes).
      .where(eq(ids.partnerId, partnerId))
      .orderBy(...(asc_ ? [asc(ids.createdAt), asc(ids.id)] : [desc(ids.createdAt), desc(ids.id)]))
      .prepare(`project_page_${tab}_${sort}`.replace(/\W/g, '_')),
    total: total.prepare(`project_total_${tab}`.replace(/\W/g, '_')),
  };
};

type Prepared = ReturnType<typeof prepare>;
const built = new WeakMap<DbOrTx, Map<string, Prepared>>();

const preparedFor = (db: DbOrTx, tab: ProjectTabFilter, sort: ProjectListSort) => {
  let byShape = built.get(db);
  if (!byShape) built.set(db, (byShape = new Map()));
  const key = `${tab}|${sort}`;
  let prepared = byShape.get(key);
  if (!prepared) byShape.set(key, (prepared = prepare(db, tab, sort)));
  return prepared;
};

type PlainPage = Awaited<ReturnType<typeof readPlainPage>>;
const caches = new WeakMap<DbOrTx, PageCache<PlainPage> | null>();

/** The database's cache of pages: the embedded one's, or PostgreSQL's while it has a write feed; none inside a transaction. */
const cacheOf = (db: DbOrTx) => {
  let cache = caches.get(db);
  if (cache === undefined) {
    const feed = isEmbedded(db) ? undefined : writeFeedOf(db);
    cache = isEmbedded(db) || feed ? new PageCache<PlainPage>(feed) : null;
    caches.set(db, cache);
  }
  return cache;
};

/**
 * The page's rows and its tab's exact total (counters), through the prepared queries; kept between
 * requests until a write to what it shows is seen or heard (page-cache.ts).
 */
export const plainPage = (db: DbOrTx, scope: ListScope, q: ProjectListQuery, sort: ProjectListSort) => {
  const cache = cacheOf(db);
  if (!cache) return readPlainPage(db, scope, q, sort);
  const key = `${scope.partnerId}|${q.filter}|${sort}|${q.skip}|${q.rowsPerPage}`;
  return cache.get(key, () => readPlainPage(db, scope, q, sort));
};

const readPlainPage = async (db: DbOrTx, scope: ListScope, q: ProjectListQuery, sort: ProjectListSort) => {
  const prepared = preparedFor(db, q.filter, sort);
  const withTotal = await prepared.page.execute({ partnerId: scope.partnerId, limit: q.rowsPerPage, skip: q.skip });
  if (withTotal.length === 0) {
    const [alone] = await prepared.total.execute({ partnerId: scope.partnerId });
    return { rows: [], total: alone?.n ?? 0 };
  }
  const total = withTotal[0]!.total;
  const rows = withTotal.map(({ total: _total, ...row }) => row);
  return { rows, total };
};
