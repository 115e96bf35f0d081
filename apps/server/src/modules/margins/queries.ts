import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { MarginGroup } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { businesses, marginMixDays, marginProjectDays, projects } from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

type Scope = { partnerId: string; startDate: string; endDate: string; groupBy: MarginGroup };
type Rollup = typeof marginProjectDays | typeof marginMixDays;

/** bigint sums come back as text from PostgreSQL: read as numbers (money stays under 2^53 here). */
const total = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::float8`;

const sums = (t: Rollup) => ({
  conversations: total(sql`${t.conversations}`),
  charged: total(sql`${t.charged}`),
  free: total(sql`${t.free}`),
  unbilled: total(sql`${t.unbilled}`),
  revenue: total(sql`${t.revenue}`),
  providerCost: total(sql`${t.providerCost}`),
  freeSaved: total(sql`${t.freeSaved}`),
  unbilledAmount: total(sql`${t.unbilledAmount}`),
  belowCost: total(sql`${t.belowCost}`),
  belowCostAmount: total(sql`${t.belowCostAmount}`),
});

const inRange = (t: Rollup, s: Scope) =>
  and(eq(t.partnerId, s.partnerId), gte(t.dayDate, s.startDate), lte(t.dayDate, s.endDate));

/**
 * The partner's margins in the range, summed per group, from the rollups kept by the charging
 * transaction (never the conversations), each read by its (partner, day) key: per project and day
 * for a report by project or business (a row a project a day), per category, country and day for a
 * report by category or country (a few rows a day). Names are read after the sums, for the groups
 * found only.
 */
export const marginsBy = async (db: Db, s: Scope) => {
  if (s.groupBy === 'category' || s.groupBy === 'country') {
    const key =
      s.groupBy === 'category' ? sql<string>`${marginMixDays.category}` : sql<string>`${marginMixDays.country}`;
    const rows = await db
      .select({ key, ...sums(marginMixDays) })
      .from(marginMixDays)
      .where(inRange(marginMixDays, s))
      .groupBy(key);
    return rows.map((r) => ({ ...r, label: r.key }));
  }
  const byProject = await db
    .select({ key: marginProjectDays.projectId, ...sums(marginProjectDays) })
    .from(marginProjectDays)
    .where(inRange(marginProjectDays, s))
    .groupBy(marginProjectDays.projectId);
  if (byProject.length === 0) return [];
  const names = await db
    .select({
      id: projects.id,
      name: projects.name,
      businessId: projects.businessId,
      businessName: businesses.displayName,
    })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .where(
      and(
        eq(projects.partnerId, s.partnerId),
        inArray(
          projects.id,
          byProject.map((r) => r.key),
        ),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.id, n]));
  if (s.groupBy === 'project') return byProject.map((r) => ({ ...r, label: nameOf.get(r.key)?.name ?? r.key }));
  // By business: the projects' sums added up per business.
  const byBusiness = new Map<string, (typeof byProject)[number] & { label: string }>();
  for (const { key, ...figures } of byProject) {
    const project = nameOf.get(key);
    const businessId = project?.businessId ?? '';
    const into = byBusiness.get(businessId);
    if (!into) byBusiness.set(businessId, { key: businessId, label: project?.businessName ?? '', ...figures });
    else for (const [m, v] of Object.entries(figures) as [keyof typeof figures, number][]) into[m] += v;
  }
  return [...byBusiness.values()];
};
