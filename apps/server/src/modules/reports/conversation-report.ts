import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { conversationReportColumns, type ReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { businesses, conversations, projects } from '../../platform/db/schema.js';
import { csvTextStream } from '../../platform/csv/csv.js';
import { afterKeyset, keysetColumns, keysetCsvBatches, sqlAmount, sqlIsoTime } from '../../platform/csv/sql-csv.js';
import { reportRange } from './range.js';
import { reportScope } from './scope.js';

/**
 * The conversation report of the partner, one business or one project: the conversations
 * (README "Charging") that started in the range, oldest first, one line each.
 */
export const conversationReport = async (deps: Deps, viewer: AgentViewer, input: ReportRequest, of: { businessId?: string; projectId?: string }) => {
  const { from, endBefore } = reportRange(input, deps.now());
  const scope = await reportScope(deps.db, viewer, of);
  const where = and(
    eq(conversations.partnerId, scope.partnerId),
    scope.projectId ? eq(conversations.projectId, scope.projectId) : undefined,
    scope.businessId ? eq(projects.businessId, scope.businessId) : undefined,
    gte(conversations.startedAt, from),
    lt(conversations.startedAt, endBefore),
  );
  // The cells, in conversationReportColumns order.
  const cells = [
    sql`${conversations.projectId}`,
    sql`${projects.name}`,
    sql`${projects.whatsappNumber}`,
    sql`${businesses.displayName}`,
    sql`${conversations.id}`,
    sql`${conversations.category}`,
    sql`${conversations.initiator}`,
    sql`${conversations.recipient}`,
    sql`${conversations.country}`,
    sql`${conversations.billingStatus}`,
    sql`CASE ${conversations.balance} WHEN 'WCC' THEN 'TemplateCredit' WHEN 'CENTRAL' THEN 'CentralBalance' END`,
    sqlAmount(conversations.amount),
    sqlIsoTime(conversations.startedAt),
  ];
  const batches = keysetCsvBatches(deps.db, (after, size) =>
    deps.db
      .select(keysetColumns(cells, conversations.startedAt, conversations.id))
      .from(conversations)
      .innerJoin(projects, and(eq(projects.id, conversations.projectId), eq(projects.partnerId, conversations.partnerId)))
      .leftJoin(businesses, and(eq(businesses.id, projects.businessId), eq(businesses.partnerId, projects.partnerId)))
      .where(and(where, afterKeyset(after, conversations.startedAt, conversations.id)))
      .orderBy(asc(conversations.startedAt), asc(conversations.id))
      .limit(size),
  );
  return csvTextStream(conversationReportColumns, batches);
};
