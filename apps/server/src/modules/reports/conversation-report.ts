import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { conversationReportColumns, type ConversationReportLog, type ReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { businesses, conversations, projects } from '../../platform/db/schema.js';
import { copyCsv } from '../../platform/db/copy-csv.js';
import { keysetRows } from '../../platform/db/keyset-rows.js';
import { jsonListStream } from '../../platform/http/json-stream.js';
import { csvTextStream } from '../../platform/csv/csv.js';
import { sqlAmount, sqlFormulaSafe, sqlIsoTime } from '../../platform/csv/sql-csv.js';
import type { Report } from './answer.js';
import { reportRange } from './range.js';
import { reportScope } from './scope.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/** Which balance paid it, in the analytics variants' words; null when nothing was charged. */
const chargedTo = sql<
  string | null
>`CASE ${conversations.balance} WHEN 'WCC' THEN 'TemplateCredit' WHEN 'CENTRAL' THEN 'CentralBalance' END`;

/** A log in JSON: the values as they are (money in units, the time in ISO 8601). */
const fields = {
  projectId: conversations.projectId,
  projectName: projects.name,
  whatsappNumber: projects.whatsappNumber,
  businessName: businesses.displayName,
  conversationId: conversations.id,
  category: conversations.category,
  initiator: conversations.initiator,
  recipient: conversations.recipient,
  countryCode: conversations.country,
  billingStatus: conversations.billingStatus,
  chargedTo,
  amount: conversations.amount,
  createdAt: sqlIsoTime(conversations.startedAt),
};

/** The cells of a line, in conversationReportColumns order: what people typed is made formula-safe. */
const cells = [
  sql`${conversations.projectId}`,
  sqlFormulaSafe(projects.name),
  sqlFormulaSafe(projects.whatsappNumber),
  sqlFormulaSafe(businesses.displayName),
  sql`${conversations.id}`,
  sql`${conversations.category}`,
  sql`${conversations.initiator}`,
  sqlFormulaSafe(conversations.recipient),
  sqlFormulaSafe(conversations.country),
  sql`${conversations.billingStatus}`,
  chargedTo,
  sqlAmount(conversations.amount),
  sqlIsoTime(conversations.startedAt),
];

/**
 * The conversation report of the partner, one business or one project: the conversations
 * (docs/charging.md) that started in the range, oldest first, one line each.
 */
export const conversationReport = async (
  deps: Deps,
  viewer: AgentViewer,
  input: ReportRequest,
  of: { businessId?: string; projectId?: string },
): Promise<Report> => {
  const { from, endBefore } = reportRange(input, deps.now());
  const scope = await reportScope(deps.db, viewer, of);
  const where = and(
    eq(conversations.partnerId, scope.partnerId),
    scope.projectId ? eq(conversations.projectId, scope.projectId) : undefined,
    scope.businessId ? eq(projects.businessId, scope.businessId) : undefined,
    gte(conversations.startedAt, from),
    lt(conversations.startedAt, endBefore),
  );
  const rows = (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) =>
    deps.db
      .select(fields)
      .from(conversations)
      .innerJoin(
        projects,
        and(eq(projects.id, conversations.projectId), eq(projects.partnerId, conversations.partnerId)),
      )
      .leftJoin(businesses, businessOfProject)
      .where(and(where, extra))
      .orderBy(asc(conversations.startedAt), asc(conversations.id))
      .$dynamic();
  const source = { rows, t: conversations.startedAt, id: conversations.id };
  return {
    logs: () => jsonListStream('logs', keysetRows<ConversationReportLog>(source, fields)),
    csv: () => csvTextStream(conversationReportColumns, copyCsv(deps.db, { ...source, cells })),
  };
};
