import { and, asc, eq } from 'drizzle-orm';
import type { AdminTicket, SupportTicket } from '@pc/contract';
import { call, type CallResult, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, jobs, projects, supportTickets, templates } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { TICKET_CLOSED_MAIL_JOB } from './kinds.js';

/** What the support-ticket tests share: the demo's rows by name, the calls, and what they left behind. */
export const ticketFixture = (t: () => TestContext) => {
  const db = () => t().database.db;
  return {
    projectNamed: async (name: string) =>
      (await db().select().from(projects).where(eq(projects.name, name)).orderBy(asc(projects.createdAt)).limit(1))[0]!,
    templateOf: async (projectId: string, status: string) =>
      (
        await db()
          .select()
          .from(templates)
          .where(and(eq(templates.projectId, projectId), eq(templates.status, status)))
          .orderBy(asc(templates.createdAt))
          .limit(1)
      )[0]!,
    ticketRow: async (id: string) => (await db().select().from(supportTickets).where(eq(supportTickets.id, id)))[0],
    ticketsOf: (projectId: string) =>
      db().select().from(supportTickets).where(eq(supportTickets.projectId, projectId)).orderBy(asc(supportTickets.id)),
    auditOf: (targetId: string) =>
      db()
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, targetId))
        .orderBy(asc(adminAuditLog.createdAt)),
    mailJobsOf: async (ticketId: string) =>
      (await db().select().from(jobs).where(eq(jobs.kind, TICKET_CLOSED_MAIL_JOB))).filter(
        (j) => (j.payload as { ticketId?: string }).ticketId === ticketId,
      ),
    /** Any body, well-formed or not: the refusals are tested through it too. */
    raise: (token: string, body: Record<string, unknown>) =>
      call<{ message: string; ticket: SupportTicket }>(t().app, 'POST', '/api/support-tickets', { token, body }),
    mark: (token: string, id: string, body: unknown) =>
      call<{ message: string; ticket: AdminTicket }>(t().app, 'POST', `/superadmin/support-tickets/${id}/mark`, {
        token,
        body,
      }),
    /** Runs the due mail jobs now; answers the mails they sent. */
    sendMails: async () => {
      const before = t().outbox.sent.length;
      const handlers = { [TICKET_CLOSED_MAIL_JOB]: t().app.jobHandlers[TICKET_CLOSED_MAIL_JOB]! };
      await runDueJobs(t().deps.db, handlers, t().deps.now);
      return t().outbox.sent.slice(before);
    },
  };
};

export const expectRefused = (res: CallResult, status: number, message?: string) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  const text = (res.body as { message?: string }).message;
  if (!text || (message !== undefined && text !== message))
    throw new Error(`expected message ${message ?? '(any)'}, got ${JSON.stringify(res.body)}`);
};
