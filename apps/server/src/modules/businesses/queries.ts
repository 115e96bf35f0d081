import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, projects } from '../../platform/db/schema.js';
import { enterInDirectory } from '../../platform/db/directory.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type ProjectRow = typeof projects.$inferSelect;

/** Who may see what: the partner always; a referral user only the businesses they brought. */
export type BusinessScope = { partnerId: string; referralAgentId: string | null };

const scoped = (scope: BusinessScope, ...more: (SQL | undefined)[]) =>
  and(
    eq(businesses.partnerId, scope.partnerId),
    scope.referralAgentId ? eq(businesses.referralAgentId, scope.referralAgentId) : undefined,
    ...more,
  );

export type BusinessFilter = { archivedOnly: boolean; from?: Date; toBefore?: Date; nameLike?: string };

const filtered = (scope: BusinessScope, f: BusinessFilter) =>
  scoped(
    scope,
    f.archivedOnly ? eq(businesses.archived, true) : undefined,
    f.from ? gte(businesses.createdAt, f.from) : undefined,
    f.toBefore ? lt(businesses.createdAt, f.toBefore) : undefined,
    f.nameLike ? sql`lower(${businesses.displayName}) like ${f.nameLike}` : undefined,
  );

export const pageBusinesses = (
  db: DbOrTx,
  scope: BusinessScope,
  f: BusinessFilter,
  sort: 'asc' | 'dec',
  skip: number,
  limit: number,
) => {
  const dir = sort === 'asc' ? asc : desc;
  return db
    .select()
    .from(businesses)
    .where(filtered(scope, f))
    .orderBy(dir(businesses.createdAt), dir(businesses.id))
    .offset(skip)
    .limit(limit);
};

/** How far past the page a dated or searched total is counted exactly (an exact count of a large partner's rows costs more than the page). */
const COUNT_AHEAD = 5_000;

/**
 * The total of a list: from the counter table business_tab_counts (migration 0020) without dates or
 * a search, else counted up to COUNT_AHEAD past the page (`moreThan` beyond).
 */
export const countBusinesses = async (
  db: DbOrTx,
  scope: BusinessScope,
  f: BusinessFilter,
  skip: number,
): Promise<{ n: number; moreThan: boolean }> => {
  if (!f.from && !f.toBefore && !f.nameLike) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(n), 0)::int` })
      .from(counters)
      .where(filtered(scope, f));
    return { n: row?.n ?? 0, moreThan: false };
  }
  const cap = skip + COUNT_AHEAD;
  const capped = db
    .select({ one: sql`1` })
    .from(businesses)
    .where(filtered(scope, f))
    .limit(cap + 1)
    .as('capped');
  const n = (await db.select({ n: count() }).from(capped))[0]?.n ?? 0;
  return n > cap ? { n: cap, moreThan: true } : { n, moreThan: false };
};

/** The counter table, aliased "businesses": its columns carry the businesses' names, so the same conditions read it. */
const counters = sql`business_tab_counts as ${businesses}`;

export const countsOf = async (db: DbOrTx, scope: BusinessScope) => {
  const [row] = await db
    .select({
      allCount: sql<number>`coalesce(sum(n), 0)::int`,
      archivedCount: sql<number>`coalesce(sum(n) filter (where ${businesses.archived}), 0)::int`,
    })
    .from(counters)
    .where(scoped(scope));
  return { allCount: row?.allCount ?? 0, archivedCount: row?.archivedCount ?? 0 };
};

export const activeBusinesses = (db: DbOrTx, scope: BusinessScope, limit: number) =>
  db
    .select()
    .from(businesses)
    .where(scoped(scope, eq(businesses.archived, false)))
    .orderBy(asc(sql`lower(${businesses.displayName})`), asc(businesses.id))
    .limit(limit);

export const findBusiness = async (db: DbOrTx, scope: BusinessScope, id: string): Promise<BusinessRow | undefined> =>
  (
    await db
      .select()
      .from(businesses)
      .where(scoped(scope, eq(businesses.id, id)))
  )[0];

export const businessEmailTaken = async (db: DbOrTx, partnerId: string, email: string) =>
  (
    await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.partnerId, partnerId), sql`lower(${businesses.email}) = ${email.trim().toLowerCase()}`))
  ).length > 0;

export const insertBusiness = async (db: DbOrTx, values: NewBusiness) =>
  (await db.insert(businesses).values(values).returning())[0]!;

export const updateBusiness = async (db: DbOrTx, partnerId: string, id: string, values: Partial<BusinessRow>) =>
  (
    await db
      .update(businesses)
      .set(values)
      .where(and(eq(businesses.partnerId, partnerId), eq(businesses.id, id)))
      .returning()
  )[0];

/** A new project, entered in the partner directory with it (the platform's events name it alone). */
export const insertProject = async (db: DbOrTx, values: typeof projects.$inferInsert) => {
  const [row] = await db.insert(projects).values(values).returning();
  await enterInDirectory(db, [{ id: row!.id, kind: 'project', partnerId: row!.partnerId }]);
  return row!;
};

export const projectsOfBusiness = (
  db: DbOrTx,
  partnerId: string,
  businessId: string,
  nameLike: string | null,
  limit: number,
) =>
  db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.partnerId, partnerId),
        eq(projects.businessId, businessId),
        nameLike ? sql`lower(${projects.name}) like ${nameLike}` : undefined,
      ),
    )
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);

export const countProjectsOfBusiness = async (
  db: DbOrTx,
  partnerId: string,
  businessId: string,
  nameLike: string | null,
) =>
  (
    await db
      .select({ n: count() })
      .from(projects)
      .where(
        and(
          eq(projects.partnerId, partnerId),
          eq(projects.businessId, businessId),
          nameLike ? sql`lower(${projects.name}) like ${nameLike}` : undefined,
        ),
      )
  )[0]?.n ?? 0;

/**
 * The business's projects are locked by id first: an update takes its rows in the order it finds
 * them, and a charging batch holding two of them in id order would deadlock with it (docs/ledger.md, "Lock order").
 * Answers the names of those it archived now (the activity log's entry).
 */
export const archiveProjectsOf = async (db: DbOrTx, partnerId: string, businessId: string) => {
  const ofBusiness = and(eq(projects.partnerId, partnerId), eq(projects.businessId, businessId));
  const rows = await db
    .select({ name: projects.name, archived: projects.partnerArchived })
    .from(projects)
    .where(ofBusiness)
    .orderBy(asc(projects.id))
    .for('update');
  await db.update(projects).set({ partnerArchived: true }).where(ofBusiness);
  return rows.filter((r) => !r.archived).map((r) => r.name);
};

/** LIKE pattern for a case-insensitive "contains", with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
