import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkMarginRange, dashboardTexts, marginReportColumns, type MarginReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { csvTextStream } from '../../platform/csv/csv.js';
import { sqlAmount, sqlFormulaSafe } from '../../platform/csv/sql-csv.js';
import { copyCsv } from '../../platform/db/copy-csv.js';
import { businesses, marginDays, projects } from '../../platform/db/schema.js';
import { badRequest, forbidden } from '../../platform/errors/app-error.js';
import { latestDayAnywhere } from '../dashboard/today.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/** The cells of a line, in marginReportColumns order: names people typed are made formula-safe. */
const cells = [
  sql`${marginDays.dayDate}`,
  sqlFormulaSafe(businesses.displayName),
  sql`${marginDays.projectId}`,
  sqlFormulaSafe(projects.name),
  sql`${marginDays.category}`,
  sqlFormulaSafe(marginDays.country),
  sql`${marginDays.conversations}`,
  sql`${marginDays.charged}`,
  sql`${marginDays.free}`,
  sql`${marginDays.unbilled}`,
  sqlAmount(marginDays.revenue),
  sqlAmount(marginDays.providerCost),
  sqlAmount(sql`${marginDays.revenue} - ${marginDays.providerCost}`),
  sqlAmount(marginDays.freeSaved),
  sqlAmount(marginDays.unbilledAmount),
  sql`${marginDays.belowCost}`,
  sqlAmount(marginDays.belowCostAmount),
];

// The keyset the embedded database's batches walk: the day, then the rest of the row's key.
const day = sql`(${marginDays.dayDate} || 'T00:00:00Z')::timestamptz`;
const rest = sql`${marginDays.projectId} || '|' || ${marginDays.category} || '|' || ${marginDays.country}`;

/**
 * The margin report: the partner's day rows in the range, oldest day first, written by
 * the database (COPY) as it reads them; the same figures as GET /api/margins, one line per day,
 * project, category and country.
 */
export const marginCsv = async (deps: Deps, agent: AgentViewer, input: MarginReportRequest, batchSize?: number) => {
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  const problem = checkMarginRange(input.startDate, input.endDate, latestDayAnywhere(deps.now()));
  if (problem) throw badRequest(problem);
  const where = and(
    eq(marginDays.partnerId, agent.partnerId),
    gte(marginDays.dayDate, input.startDate),
    lte(marginDays.dayDate, input.endDate),
  );
  const rows = (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) =>
    deps.db
      .select(fields)
      .from(marginDays)
      .innerJoin(projects, and(eq(projects.id, marginDays.projectId), eq(projects.partnerId, marginDays.partnerId)))
      .innerJoin(businesses, businessOfProject)
      .where(and(where, extra))
      .orderBy(asc(day), asc(rest))
      .$dynamic();
  return csvTextStream(marginReportColumns, copyCsv(deps.db, { rows, cells, t: day, id: rest }, batchSize));
};
