import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { billingReportColumns, type BillingReportLog, type ReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { billingLogs, businesses, projects } from '../../platform/db/schema.js';
import { copyCsv } from '../../platform/db/copy-csv.js';
import { keysetRows } from '../../platform/db/keyset-rows.js';
import { jsonListStream } from '../../platform/http/json-stream.js';
import { csvTextStream } from '../../platform/csv/csv.js';
import { sqlAmount, sqlFormulaSafe, sqlIsoTime } from '../../platform/csv/sql-csv.js';
import { partnerFlags } from '../billings/queries.js';
import type { Report } from './answer.js';
import { reportRange } from './range.js';
import { reportScope } from './scope.js';

// The project's name now, as the billing list shows it (the entry keeps the one it was written under).
const projectName = sql<string | null>`coalesce(${projects.name}, ${billingLogs.projectName})`;
// An archived business's email carries the archive marker: stripped (the regex only runs where it is).
const email = sql<
  string | null
>`CASE WHEN ${businesses.email} LIKE 'archived\_\_%' THEN regexp_replace(${businesses.email}, '^(archived__)+', '') ELSE ${businesses.email} END`;
const businessName = sql<string | null>`coalesce(${billingLogs.businessName}, ${businesses.displayName})`;

/** A log in JSON: the values as they are (money in units, the time in ISO 8601). */
const fields = {
  projectId: billingLogs.projectId,
  projectName,
  reasonCode: billingLogs.reasonCode,
  amount: billingLogs.amount,
  action: billingLogs.action,
  whatsappNumber: projects.whatsappNumber,
  businessContact: businesses.contact,
  email,
  businessName,
  message: billingLogs.message,
  createdAt: sqlIsoTime(billingLogs.createdAt),
  byName: billingLogs.byMemberName,
};

/** The cells of a line, in billingReportColumns order: what people typed is made formula-safe. */
const cells = [
  sql`${billingLogs.projectId}`,
  sqlFormulaSafe(projectName),
  sql`${billingLogs.reasonCode}`,
  sqlAmount(billingLogs.amount),
  sql`${billingLogs.action}`,
  sqlFormulaSafe(projects.whatsappNumber),
  sqlFormulaSafe(businesses.contact),
  sqlFormulaSafe(email),
  sqlFormulaSafe(businessName),
  sqlFormulaSafe(billingLogs.message),
  sqlIsoTime(billingLogs.createdAt),
  sqlFormulaSafe(billingLogs.byMemberName),
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
): Promise<Report> => {
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
  const source = { rows, t: billingLogs.createdAt, id: billingLogs.id };
  return {
    logs: () => jsonListStream('logs', keysetRows<BillingReportLog>(source, fields)),
    csv: () => csvTextStream(billingReportColumns, copyCsv(deps.db, { ...source, cells })),
  };
};
