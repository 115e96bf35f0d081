import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.js';
import { analyticsDays, analyticsDayUsage } from '../../platform/db/schema/events.js';
import { projects } from '../../platform/db/schema/projects.js';

export const projectOfPartner = async (db: Db, partnerId: string, projectId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
  return Boolean(row);
};

type Scope = { partnerId: string; startDate: string; endDate: string; projectId?: string };

const where = (t: typeof analyticsDays | typeof analyticsDayUsage, s: Scope): SQL =>
  and(
    eq(t.partnerId, s.partnerId),
    gte(t.dayDate, s.startDate),
    lte(t.dayDate, s.endDate),
    s.projectId ? eq(t.projectId, s.projectId) : undefined,
  )!;

/** Chat counts per day, summed over the partner's projects (or the one project). */
export const chatCountsByDay = (db: Db, s: Scope) =>
  db
    .select({
      dayDate: analyticsDays.dayDate,
      sent: sql<number>`sum(${analyticsDays.sentChatCount})::int`,
      delivered: sql<number>`sum(${analyticsDays.deliveredChatCount})::int`,
      read: sql<number>`sum(${analyticsDays.readChatCount})::int`,
      failed: sql<number>`sum(${analyticsDays.failedChatCount})::int`,
      received: sql<number>`sum(${analyticsDays.receivedChatCount})::int`,
    })
    .from(analyticsDays)
    .where(where(analyticsDays, s))
    .groupBy(analyticsDays.dayDate)
    .orderBy(asc(analyticsDays.dayDate));

/** Credit metrics per day, variant, metric and country. */
export const usageByDay = (db: Db, s: Scope) => {
  const u = analyticsDayUsage;
  return db
    .select({
      dayDate: u.dayDate,
      variant: u.variant,
      metric: u.metric,
      country: u.country,
      count: sql<number>`sum(${u.count})::int`,
      amount: sql<number>`sum(${u.creditUsage})::bigint`,
    })
    .from(u)
    .where(where(u, s))
    .groupBy(u.dayDate, u.variant, u.metric, u.country);
};
