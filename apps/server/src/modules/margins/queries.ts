import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { MarginGroup } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { businesses, marginDays, projects } from '../../platform/db/schema.js';

type Scope = { partnerId: string; startDate: string; endDate: string; groupBy: MarginGroup };

/** bigint sums come back as text from PostgreSQL: read as numbers (money stays under 2^53 here). */
const total = (column: SQL | typeof marginDays.revenue) => sql<number>`coalesce(sum(${column}), 0)::float8`;

const groupKey: Record<MarginGroup, { key: SQL<string>; label: SQL<string> }> = {
  business: { key: sql<string>`${projects.businessId}`, label: sql<string>`${businesses.displayName}` },
  project: { key: sql<string>`${marginDays.projectId}`, label: sql<string>`${projects.name}` },
  category: { key: sql<string>`${marginDays.category}`, label: sql<string>`${marginDays.category}` },
  country: { key: sql<string>`${marginDays.country}`, label: sql<string>`${marginDays.country}` },
};

/**
 * The partner's margin day rows in the range, summed per group: read from the rollup by its
 * (partner, day) index, never from the conversations; the projects and businesses are joined for
 * their names only (a few hundred rows at most).
 */
export const marginsBy = (db: Db, s: Scope) => {
  const { key, label } = groupKey[s.groupBy];
  return db
    .select({
      key,
      label,
      conversations: total(sql`${marginDays.conversations}`),
      charged: total(sql`${marginDays.charged}`),
      free: total(sql`${marginDays.free}`),
      unbilled: total(sql`${marginDays.unbilled}`),
      revenue: total(marginDays.revenue),
      providerCost: total(sql`${marginDays.providerCost}`),
      freeSaved: total(sql`${marginDays.freeSaved}`),
      unbilledAmount: total(sql`${marginDays.unbilledAmount}`),
      belowCost: total(sql`${marginDays.belowCost}`),
      belowCostAmount: total(sql`${marginDays.belowCostAmount}`),
    })
    .from(marginDays)
    .innerJoin(projects, and(eq(projects.id, marginDays.projectId), eq(projects.partnerId, marginDays.partnerId)))
    .innerJoin(businesses, and(eq(businesses.id, projects.businessId), eq(businesses.partnerId, projects.partnerId)))
    .where(
      and(
        eq(marginDays.partnerId, s.partnerId),
        gte(marginDays.dayDate, s.startDate),
        lte(marginDays.dayDate, s.endDate),
      ),
    )
    .groupBy(key, label);
};
