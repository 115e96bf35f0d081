import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { billingReportColumns, type ReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { billingLogs, businesses, projects } from '../../platform/db/schema.js';
import { csvTextStream } from '../../platform/csv/csv.js';
import { afterKeyset, keysetColumns, keysetCsvBatches, sqlAmount, sqlIsoTime } from '../../platform/csv/sql-csv.js';
import { partnerFlags } from '../billings/queries.js';
import { reportRange } from './range.js';
import { reportScope } from './scope.js';

/**
 * The billing report of the partner, one business (clientId) or one project (assistantId): the
 * billing logs of the range, oldest first, optionally of some reason codes. Entries hidden from the
 * partner's billing list (META_AD_CREDIT_UPDATE for a partner flagged so) are left out here too.
 */
export const billingReport = async (deps: Deps, viewer: AgentViewer, input: ReportRequest, of: { businessId?: string; projectId?: string }) => {
  const { from, endBefore } = reportRange(input, deps.now());
  const scope = await reportScope(deps.db, viewer, of);
  const hidden = (await partnerFlags(deps.db, viewer.partnerId)).hideMetaAdCreditUpdate === true;
  const codes = input.selectedReasonCodes?.filter(Boolean) ?? [];
  const where = and(
    eq(billingLogs.partnerId, scope.partnerId),
    scope.businessId ? eq(billingLogs.businessId, scope.businessId) : undefined,
    scope.projectId ? eq(billingLogs.projectId, scope.projectId) : undefined,
    gte(billingLogs.createdAt, from),
    lt(billingLogs.createdAt, endBefore),
    codes.length ? inArray(billingLogs.reasonCode, codes) : undefined,
    hidden ? ne(billingLogs.reasonCode, 'META_AD_CREDIT_UPDATE') : undefined,
  );
  // The cells, in billingReportColumns order.
  const cells = [
    sql`${billingLogs.projectId}`,
    sql`${billingLogs.projectName}`,
    sql`${billingLogs.reasonCode}`,
    sqlAmount(billingLogs.amount),
    sql`${billingLogs.action}`,
    sql`${projects.whatsappNumber}`,
    sql`${businesses.contact}`,
    sql`regexp_replace(${businesses.email}, '^(archived__)+', '')`,
    sql`coalesce(${billingLogs.businessName}, ${businesses.displayName})`,
    sql`${billingLogs.message}`,
    sqlIsoTime(billingLogs.createdAt),
  ];
  const batches = keysetCsvBatches(deps.db, (after, size) =>
    deps.db
      .select(keysetColumns(cells, billingLogs.createdAt, billingLogs.id))
      .from(billingLogs)
      .leftJoin(projects, and(eq(projects.id, billingLogs.projectId), eq(projects.partnerId, billingLogs.partnerId)))
      .leftJoin(businesses, and(eq(businesses.id, billingLogs.businessId), eq(businesses.partnerId, billingLogs.partnerId)))
      .where(and(where, afterKeyset(after, billingLogs.createdAt, billingLogs.id)))
      .orderBy(asc(billingLogs.createdAt), asc(billingLogs.id))
      .limit(size),
  );
  return csvTextStream(billingReportColumns, batches);
};
