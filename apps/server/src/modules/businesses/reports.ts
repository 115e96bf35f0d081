import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { billingReportColumns, conversationReportColumns, formatAmount, REPORT_MIN_DATE, stripArchiveMarker, type BusinessReportRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { billingLogs, businesses, projects } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { csvStream } from '../../platform/csv/csv.js';
import { scopeOf } from './list.js';
import { findBusiness } from './queries.js';

const BATCH = 2_000;
const DAY = 86_400_000;

/** From 25 Apr 2023, not ending in the future, start not after end; a date-only end covers its day. */
export const reportRange = (input: BusinessReportRequest, now: Date) => {
  const from = new Date(input.startDate);
  const to = new Date(input.endDate);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  const endBefore = dateOnly.test(input.endDate) ? new Date(to.getTime() + DAY) : new Date(to.getTime() + 1);
  if (from < new Date(`${REPORT_MIN_DATE}T00:00:00Z`)) throw badRequest('Reports start no earlier than 25 Apr 2023.');
  if (to.getTime() > now.getTime() + DAY) throw badRequest('A report cannot end in the future.');
  if (from > to) throw badRequest('The start date must not be after the end date.');
  return { from, endBefore };
};

type BillingRow = {
  id: string;
  /** created_at as the database writes it (microseconds), for the keyset: a Date keeps milliseconds only. */
  cursor: string;
  createdAt: Date;
  projectId: string | null;
  projectName: string | null;
  reasonCode: string;
  amount: number;
  action: string;
  whatsappNumber: string | null;
  businessContact: string | null;
  email: string | null;
  businessName: string | null;
  message: string;
};

/** Keyset pages over (created_at, id): each batch is one short query. */
async function* billingBatches(db: DbOrTx, where: SQL | undefined): AsyncGenerator<BillingRow[]> {
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const page: BillingRow[] = await db
      .select({
        id: billingLogs.id,
        cursor: sql<string>`${billingLogs.createdAt}::text`,
        createdAt: billingLogs.createdAt,
        projectId: billingLogs.projectId,
        projectName: billingLogs.projectName,
        reasonCode: billingLogs.reasonCode,
        amount: billingLogs.amount,
        action: billingLogs.action,
        whatsappNumber: projects.whatsappNumber,
        businessContact: businesses.contact,
        email: businesses.email,
        businessName: sql<string | null>`coalesce(${billingLogs.businessName}, ${businesses.displayName})`,
        message: billingLogs.message,
      })
      .from(billingLogs)
      .leftJoin(projects, and(eq(projects.id, billingLogs.projectId), eq(projects.partnerId, billingLogs.partnerId)))
      .leftJoin(businesses, and(eq(businesses.id, billingLogs.businessId), eq(businesses.partnerId, billingLogs.partnerId)))
      .where(and(where, after ? sql`(${billingLogs.createdAt}, ${billingLogs.id}) > (${after.cursor}::timestamptz, ${after.id})` : undefined))
      .orderBy(asc(billingLogs.createdAt), asc(billingLogs.id))
      .limit(BATCH);
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
    if (page.length < BATCH) return;
  }
}

const projectOfPartner = async (db: DbOrTx, partnerId: string, id: string) =>
  (await db.select({ id: projects.id }).from(projects).where(and(eq(projects.partnerId, partnerId), eq(projects.id, id))).limit(1)).length > 0;

/** The billing report of one business (clientId), one project (assistantId) or of the whole partner, as CSV. */
export const billingReport = async (deps: Deps, viewer: AgentViewer, input: BusinessReportRequest, clientId: string | undefined, assistantId?: string) => {
  const { from, endBefore } = reportRange(input, deps.now());
  if (clientId && !(await findBusiness(deps.db, scopeOf(viewer), clientId))) throw notFound();
  if (assistantId && !(await projectOfPartner(deps.db, viewer.partnerId, assistantId))) throw notFound();
  const codes = input.selectedReasonCodes?.filter(Boolean) ?? [];
  const where = and(
    eq(billingLogs.partnerId, viewer.partnerId),
    clientId ? eq(billingLogs.businessId, clientId) : undefined,
    assistantId ? eq(billingLogs.projectId, assistantId) : undefined,
    gte(billingLogs.createdAt, from),
    lt(billingLogs.createdAt, endBefore),
    codes.length ? inArray(billingLogs.reasonCode, codes) : undefined,
  );
  return csvStream(billingReportColumns, billingBatches(deps.db, where), (r) => [
    r.projectId,
    r.projectName,
    r.reasonCode,
    formatAmount(r.amount).replace(/,/g, ''),
    r.action,
    r.whatsappNumber,
    r.businessContact,
    r.email ? stripArchiveMarker(r.email) : '',
    r.businessName,
    r.message,
    r.createdAt,
  ]);
};

/**
 * Conversation logs do not exist yet (the money issue adds them): the report is its header only,
 * after the same checks as the billing report.
 */
export const conversationReport = async (deps: Deps, viewer: AgentViewer, businessId: string, input: BusinessReportRequest) => {
  reportRange(input, deps.now());
  if (!(await findBusiness(deps.db, scopeOf(viewer), businessId))) throw notFound();
  const none: AsyncIterable<never[]> = (async function* () {})();
  return csvStream(conversationReportColumns, none, () => []);
};
