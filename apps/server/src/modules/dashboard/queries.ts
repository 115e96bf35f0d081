import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.js';
import { partners } from '../../platform/db/schema/identity.js';
import { partnerBalances } from '../../platform/db/schema/billing.js';
import { analyticsDayUsage } from '../../platform/db/schema/events.js';

export const findPartnerBalance = async (db: Db, partnerId: string) => {
  const [row] = await db
    .select({
      currency: partners.currency,
      centralBalance: partnerBalances.centralBalance,
      minAllowedBalance: partners.minAllowedBalance,
    })
    .from(partners)
    .innerJoin(partnerBalances, eq(partnerBalances.partnerId, partners.id))
    .where(and(eq(partners.id, partnerId), eq(partnerBalances.partnerId, partnerId)));
  return row;
};

const categoryOfMetric = { mc: 'marketing', uc: 'utility', ac: 'authentication', sc: 'service' } as const;

/** Conversations and credit usage per balance (variant) and category over whole UTC days [fromDate, toDate]. */
export const sumUsage = async (db: Db, partnerId: string, fromDate: string, toDate: string) => {
  const u = analyticsDayUsage;
  const rows = await db
    .select({
      variant: u.variant,
      metric: u.metric,
      count: sql<number>`coalesce(sum(${u.count}), 0)::int`,
      amount: sql<number>`coalesce(sum(${u.creditUsage}), 0)::bigint`,
    })
    .from(u)
    .where(
      and(
        eq(u.partnerId, partnerId),
        gte(u.dayDate, fromDate),
        lte(u.dayDate, toDate),
        inArray(u.metric, ['mc', 'uc', 'ac', 'sc']),
      ),
    )
    .groupBy(u.variant, u.metric);
  return rows.map((r) => ({
    variant: r.variant,
    category: categoryOfMetric[r.metric as keyof typeof categoryOfMetric],
    count: Number(r.count),
    amount: Number(r.amount),
  }));
};
