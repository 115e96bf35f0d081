import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { balanceDays, partnerBalances, projects } from '../../platform/db/schema.js';
import { burnWindow, forecastOf, type Forecast, type Spend } from './forecast.js';

/**
 * What the forecasts read: each balance's spend over its last 7 and 30 whole days, summed from the
 * balance_days rollup (at most 30 rows a balance, by its primary key), never the ledger.
 *
 * What counts as spent (the trigger of migration 0025): every subtraction but a correction
 * (CENTRAL_BALANCE_UPDATE, the platform's, not the partner's habit) and credit taken back into the
 * central balance (WCC_/PWC_CREDIT_DEDUCT, money that stays the partner's). Credit bought for a
 * project counts as the central balance's spend: it leaves the central wallet as surely as a plan.
 */
const spendColumns = (now: Date) => {
  const w = burnWindow(now);
  return {
    spent7:
      sql<number>`coalesce(sum(${balanceDays.spent}) filter (where ${balanceDays.dayDate} >= ${w.from7}), 0)::bigint`.mapWith(
        Number,
      ),
    spent30: sql<number>`coalesce(sum(${balanceDays.spent}), 0)::bigint`.mapWith(Number),
  };
};
const inWindow = (now: Date) => {
  const w = burnWindow(now);
  return and(gte(balanceDays.dayDate, w.from30), lte(balanceDays.dayDate, w.to));
};

/** The central balance's spend and its forecast. */
export const centralForecast = async (db: DbOrTx, partnerId: string, now: Date): Promise<Forecast> => {
  const [row] = await db
    .select({ balance: partnerBalances.centralBalance, ...spendColumns(now) })
    .from(partnerBalances)
    .leftJoin(
      balanceDays,
      and(
        eq(balanceDays.partnerId, partnerBalances.partnerId),
        eq(balanceDays.balance, 'CENTRAL'),
        eq(balanceDays.ownerId, partnerBalances.partnerId),
        inWindow(now),
      ),
    )
    .where(eq(partnerBalances.partnerId, partnerId))
    .groupBy(partnerBalances.partnerId);
  return forecastOf(row?.balance ?? 0, row ?? { spent7: 0, spent30: 0 }, now);
};

export type ProjectForecast = Forecast & { projectId: string };

/**
 * Each project's WCC (template) credit forecast: every project of the partner that is not deleted,
 * or only `projectIds`. One statement: the projects by the partner's index, their day rows by key.
 */
export const projectCreditForecasts = async (
  db: DbOrTx,
  partnerId: string,
  now: Date,
  projectIds?: string[],
): Promise<Map<string, ProjectForecast>> => {
  const rows = await db
    .select({ projectId: projects.id, balance: projects.templateCredit, ...spendColumns(now) })
    .from(projects)
    .leftJoin(
      balanceDays,
      and(
        eq(balanceDays.partnerId, projects.partnerId),
        eq(balanceDays.balance, 'WCC'),
        eq(balanceDays.ownerId, projects.id),
        inWindow(now),
      ),
    )
    .where(
      and(
        eq(projects.partnerId, partnerId),
        projectIds ? inArray(projects.id, projectIds) : sql`${projects.status} <> 'archived'`,
      ),
    )
    .groupBy(projects.id, projects.partnerId);
  return new Map(rows.map((r) => [r.projectId, { projectId: r.projectId, ...forecastOf(r.balance, r as Spend, now) }]));
};
