import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { billingReportColumns, type ReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { billingLogs, businesses, projects } from '../../platform/db/schema.js';
import { copyCsv } from '../../platform/db/copy-csv.js';
import { csvTextStream } from '../../platform/csv/csv.js';
import { sqlAmount, sqlFormulaSafe, sqlIsoTime } from '../../platform/csv/sql-csv.js';
import { partnerFlags } from '../billings/queries.js';
import { reportRange } from './range.js';
import { reportScope } from './scope.js';

/** The cells of a line, in billingReportColumns order: what people typed is made formula-safe. */
const cells = [
  sql`${billingLogs.projectId}`,
  // The project's name now, as the billing list shows it (the entry keeps the one it was written under).
  sqlFormulaSafe(sql`coalesce(${projects.name}, ${billingLogs.projectName})`),
  sql`${billingLogs.reasonCode}`,
  sqlAmount(billingLogs.amount),
  sql`${billingLogs.action}`,
  sqlFormulaSafe(projects.whatsappNumber),
  sqlFormulaSafe(businesses.contact),
  // An archived business's email carries the archive marker: stripped (the regex only runs where it is).
  sqlFormulaSafe(
    sql`CASE WHEN ${businesses.email} LIKE 'archived\_\_%' THEN regexp_replace(${businesses.email}, '^(archived__)+', '') ELSE ${businesses.email} END`,
  ),
  sqlFormulaSafe(sql`coalesce(${billingLogs.businessName}, ${businesses.displayName})`),
  sqlFormulaSafe(billingLogs.message),
  sqlIsoTime(billingLogs.createdAt),
];

/**
 * The billing report of the partner, one business (clientId) or one project (assistantId): the
 * billing logs of the range, oldest first, optionally of some reason codes. Entries hidden from the
 * partner's billing list (META_AD_CREDIT_UPDATE for a partner flagged so) are left out here too.
 */
export const billingReport = async (
  deps: Deps,
  viewer: AgentViewer,
  input: ReportRequest,
  of: { businessId?: string; projectId?: string },
) => {
  const { from, endBefore } = reportRange(input, deps.now());
  const scope = await reportScope(deps.db, viewer, of);
  const hidden = (await partnerFlags(deps.db, viewer.partnerId)).hideMetaAdCreditUpdate === true;
  const codes = input.selectedReasonCodes ?? [];
  const where = and(
    eq(billingLogs.partnerId, scope.partnerId),
    scope.businessId ? eq(billingLogs.businessId, scope.businessId) : undefined,
    scope.projectId ? eq(billingLogs.projectId, scope.projectId) : undefined,
    gte(billingLogs.createdAt, from),
    lt(billingLogs.createdAt, endBefore),
    codes.length ? inArray(billingLogs.reasonCode, codes) : undefined,
    hidden ? ne(billingLogs.reasonCode, 'META_AD_CREDIT_UPDATE') : undefined,
  );
  const rows = (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) =>
    deps.db
      .select(fields)
      .from(billingLogs)
      .leftJoin(projects, and(eq(projects.id, billingLogs.projectId), eq(projects.partnerId, billingLogs.partnerId)))
      // A log written without its business still shows the project's business, as in the billing list.
      .leftJoin(
        businesses,
        and(
          eq(businesses.id, sql`coalesce(${billingLogs.businessId}, ${projects.businessId})`),
          eq(businesses.partnerId, billingLogs.partnerId),
        ),
      )
      .where(and(where, extra))
      .orderBy(asc(billingLogs.createdAt), asc(billingLogs.id))
      .$dynamic();
  return csvTextStream(
    billingReportColumns,
    copyCsv(deps.db, { rows, cells, t: billingLogs.createdAt, id: billingLogs.id }),
  );
};
