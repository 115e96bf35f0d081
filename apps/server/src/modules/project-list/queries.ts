import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ProjectCounts, ProjectListSort } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, projects } from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';
import { countColumns } from './filters.js';

const p = projects;

export const summaryColumns = {
  id: p.id,
  name: p.name,
  businessId: p.businessId,
  businessName: businesses.displayName,
  businessEmail: businesses.email,
  isWhatsappVerified: p.isWhatsappVerified,
  whatsappNumber: p.whatsappNumber,
  activePlan: p.activePlan,
  status: p.status,
  partnerArchived: p.partnerArchived,
  templateCredit: p.templateCredit,
  currency: p.currency,
  subscriptionScheduled: p.subscriptionScheduled,
  planStoppedOn: p.planStoppedOn,
  planActivatedOn: p.planActivatedOn,
  createdAt: p.createdAt,
};

/** Newest first by default; rows made in one transaction share created_at, the id breaks the tie. */
const orderOf = (sort: ProjectListSort) =>
  sort === 'asc' ? [asc(p.createdAt), asc(p.id)] : [desc(p.createdAt), desc(p.id)];

/**
 * Where a keyset page starts: the rows after the anchor project in the list's order (or, going
 * back, before it). The anchor's (created_at, id) is read in the database, so created_at keeps its
 * microseconds (a JS Date would drop them and skip rows).
 */
const beyondAnchor = (sort: ProjectListSort, anchor: Anchor, side: 'after' | 'before'): SQL => {
  const row = sql`(select ${p.createdAt}, ${p.id} from ${p} where ${p.partnerId} = ${anchor.partnerId} and ${p.id} = ${anchor.id})`;
  const later = (sort === 'asc') === (side === 'after');
  return later ? sql`(${p.createdAt}, ${p.id}) > ${row}` : sql`(${p.createdAt}, ${p.id}) < ${row}`;
};

/** The anchor project is the partner's: a keyset page can start after it. */
export const anchorExists = async (db: DbOrTx, partnerId: string, id: string) =>
  (
    await db
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.partnerId, partnerId), eq(p.id, id)))
  ).length > 0;

type Anchor = { partnerId: string; id: string };

/**
 * A page starts at `skip`, right after the anchor project when the caller had the page before, or
 * ends right before it when the caller comes back from the page after.
 */
export type PageStart = { skip: number; after: Anchor | null; before?: Anchor | null };

const reversed = (sort: ProjectListSort): ProjectListSort => (sort === 'asc' ? 'dec' : 'asc');

/**
 * One page. The page's ids are found first on the projects table alone (the partner-leading
 * created_at index walks them in order, from the anchor when there is one; backwards from it for
 * the page before), and only those 15 rows are joined to their business.
 */
export const listPage = async (
  db: DbOrTx,
  partnerId: string,
  where: SQL[],
  sort: ProjectListSort,
  start: PageStart,
  limit: number,
) => {
  const seek = start.after
    ? [beyondAnchor(sort, start.after, 'after')]
    : start.before
      ? [beyondAnchor(sort, start.before, 'before')]
      : [];
  const page = db
    .select({ id: p.id, partnerId: p.partnerId, createdAt: p.createdAt })
    .from(p)
    .where(and(...where, ...seek))
    .orderBy(...orderOf(start.before && !start.after ? reversed(sort) : sort))
    .limit(limit)
    .offset(start.after || start.before ? 0 : start.skip)
    .as('page');
  return (
    db
      .select(summaryColumns)
      .from(page)
      .innerJoin(p, and(eq(p.id, page.id), eq(p.partnerId, page.partnerId)))
      .innerJoin(businesses, businessOfProject)
      // The partner named again outside the page's subquery: on Citus the statement is then one task
      // on the partner's node (as plain-page.ts; one-node.test.ts).
      .where(eq(page.partnerId, partnerId))
      .orderBy(...(sort === 'asc' ? [asc(page.createdAt), asc(page.id)] : [desc(page.createdAt), desc(page.id)]))
  );
};

/** A total that may stop counting: `moreThan` says there were more than `n`. */
export type Counted = { n: number; moreThan: boolean };

/**
 * The rows matching, counted up to `cap`: a filter matching a million projects would otherwise
 * cost a scan on every page, while the pager only needs to know that more pages follow.
 */
const countUpTo = async (db: DbOrTx, where: SQL[], cap: number): Promise<Counted> => {
  const capped = db
    .select({ one: sql`1` })
    .from(p)
    .where(and(...where))
    .limit(cap + 1)
    .as('capped');
  const n = (await db.select({ n: count() }).from(capped))[0]?.n ?? 0;
  return n > cap ? { n: cap, moreThan: true } : { n, moreThan: false };
};

/** How far past the page a filtered total is counted exactly. */
export const COUNT_AHEAD = 5_000;
/** How many matching projects a filtered project-counts reads at most. */
export const COUNTS_CAP = 10_000;
/**
 * Both bounds for a search most names match: its rows are checked one by one (no index can skip
 * the non-matching ones when there are almost none), so it stops sooner.
 */
export const WIDE_SEARCH_CAP = 1_000;

const counters = sql`project_tab_counts as ${p}`;

/**
 * The total of one tab: from the counter table when its columns hold every condition, else
 * counted on the projects up to COUNT_AHEAD past the page (from the anchor of a keyset page, so a
 * deep page counts no more than the first).
 */
export const totalOf = async (
  db: DbOrTx,
  where: SQL[],
  fromCounters: boolean,
  sort: ProjectListSort,
  start: PageStart,
  ahead = COUNT_AHEAD,
): Promise<Counted> => {
  if (fromCounters) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(n), 0)::int` })
      .from(counters)
      .where(and(...where));
    return { n: row?.n ?? 0, moreThan: false };
  }
  if (!start.after) return countUpTo(db, where, start.skip + ahead);
  const counted = await countUpTo(db, [...where, beyondAnchor(sort, start.after, 'after')], ahead);
  return { n: start.skip + counted.n, moreThan: counted.moreThan };
};

type TabCounts = Omit<ProjectCounts, 'moreThan'>;

const countsOver = (measure: SQL) =>
  Object.fromEntries(
    Object.entries(countColumns).map(([k, cond]) => [
      k,
      sql<number>`coalesce(sum(${measure}) filter (where ${cond}), 0)::int`,
    ]),
  ) as Record<keyof TabCounts, SQL<number>>;

/**
 * Every tab's count in one pass: one aggregate with a FILTER clause per count, over the counter
 * table project_tab_counts (whose columns carry the projects' names: it is aliased "projects", so
 * the same tab conditions read it; migration 0002), or over at most COUNTS_CAP matching projects
 * (each count is then at least what it says, and `moreThan` tells).
 */
export const tabCounts = async (
  db: DbOrTx,
  where: SQL[],
  fromCounters: boolean,
  cap = COUNTS_CAP,
): Promise<ProjectCounts> => {
  if (fromCounters) {
    const [row] = await db
      .select(countsOver(sql`n`))
      .from(counters)
      .where(and(...where));
    return row as TabCounts;
  }
  const matched = db
    .select({
      partnerArchived: p.partnerArchived,
      isWhatsappVerified: p.isWhatsappVerified,
      isTrial: p.isTrial,
      isApiTrial: p.isApiTrial,
      activePlan: p.activePlan,
      status: p.status,
      bvbpProcess: p.bvbpProcess,
      kycRemark: p.kycRemark,
    })
    .from(p)
    .where(and(...where))
    .limit(cap + 1);
  const [row] = await db.select({ ...countsOver(sql`1`), matched: count() }).from(sql`(${matched}) as ${p}`);
  const { matched: n, ...counts } = row as TabCounts & { matched: number };
  return n > cap ? { ...counts, moreThan: true } : counts;
};

/**
 * The report's rows in batches, walking (created_at, id) from where the last batch ended, so no
 * batch costs more than the first however long the report.
 */
export async function* reportBatches(db: DbOrTx, where: SQL[], sort: ProjectListSort, batchSize = 1000) {
  // The cursor keeps created_at as text: a JS Date would drop its microseconds and skip rows.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL[] = after
      ? [
          sort === 'asc'
            ? sql`(${p.createdAt}, ${p.id}) > (${after.at}::timestamptz, ${after.id})`
            : sql`(${p.createdAt}, ${p.id}) < (${after.at}::timestamptz, ${after.id})`,
        ]
      : [];
    const rows = await db
      .select({ ...summaryColumns, cursorAt: sql<string>`${p.createdAt}::text` })
      .from(p)
      .innerJoin(businesses, businessOfProject)
      .where(and(...where, ...cursor))
      .orderBy(...orderOf(sort))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursorAt, id: last.id };
  }
}

export const businessExists = async (db: DbOrTx, partnerId: string, businessId: string) =>
  Boolean(
    (
      await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(and(eq(businesses.partnerId, partnerId), eq(businesses.id, businessId)))
    )[0],
  );
