import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ProjectCounts, ProjectListSort } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, projects } from '../../platform/db/schema.js';
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
 * One page. The page's ids are found first on the projects table alone (the partner-leading
 * created_at index walks them in order), and only those 15 rows are joined to their business.
 */
export const listPage = async (db: DbOrTx, where: SQL[], sort: ProjectListSort, skip: number, limit: number) => {
  const page = db
    .select({ id: p.id, createdAt: p.createdAt })
    .from(p)
    .where(and(...where))
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(skip)
    .as('page');
  return db
    .select(summaryColumns)
    .from(page)
    .innerJoin(p, eq(p.id, page.id))
    .innerJoin(businesses, eq(businesses.id, p.businessId))
    .orderBy(...(sort === 'asc' ? [asc(page.createdAt), asc(page.id)] : [desc(page.createdAt), desc(page.id)]));
};

export const countWhere = async (db: DbOrTx, where: SQL[]) =>
  (
    await db
      .select({ n: count() })
      .from(p)
      .where(and(...where))
  )[0]?.n ?? 0;

/**
 * Every tab's count in one pass: one aggregate with a FILTER clause per count, over the projects
 * or (unfiltered) over the counter table project_tab_counts, whose columns carry the projects'
 * names: it is aliased "projects", so the same tab conditions read it (migration 0002).
 */
export const tabCounts = async (db: DbOrTx, where: SQL[], fromCounters: boolean): Promise<ProjectCounts> => {
  const measure = fromCounters ? sql`n` : sql`1`;
  const columns = Object.fromEntries(
    Object.entries(countColumns).map(([k, cond]) => [
      k,
      sql<number>`coalesce(sum(${measure}) filter (where ${cond}), 0)::int`,
    ]),
  ) as Record<keyof ProjectCounts, SQL<number>>;
  const [row] = fromCounters
    ? await db
        .select(columns)
        .from(counters)
        .where(and(...where))
    : await db
        .select(columns)
        .from(p)
        .where(and(...where));
  return row as ProjectCounts;
};

const counters = sql`project_tab_counts as ${p}`;

/** The total of one tab, from the counter table (unfiltered) or the projects. */
export const totalWhere = async (db: DbOrTx, where: SQL[], fromCounters: boolean) =>
  fromCounters
    ? ((
        await db
          .select({ n: sql<number>`coalesce(sum(n), 0)::int` })
          .from(counters)
          .where(and(...where))
      )[0]?.n ?? 0)
    : countWhere(db, where);

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
      .innerJoin(businesses, eq(businesses.id, p.businessId))
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
