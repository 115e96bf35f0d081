import { z } from 'zod';
import {
  formatDateTime,
  isTicketOpen,
  ticketKindLabels,
  ticketRequestText,
  type TicketKind,
  type TicketRequestDetails,
  type TicketStatus,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { TICKET_CLOSED_MAIL_JOB } from './kinds.js';
import { ownerMailedAbout } from '../notifications/owner-mail.js';
import { adminTicketById, type TicketRow } from './queries.js';

const MailJob = z.object({ partnerId: z.string(), ticketId: z.string() });

/** The owner's mail: which ticket of which project, what it asked, how it ended and why. */
export const ticketClosedMail = (
  owner: { name: string; email: string },
  t: Pick<
    TicketRow,
    'projectId' | 'kind' | 'description' | 'status' | 'raisedByName' | 'assignedToName' | 'resolution'
  > & {
    request: TicketRequestDetails;
    createdAt: Date;
  },
  projectName: string,
  publicUrl: string,
) => {
  const outcome = t.status === 'RESOLVED' ? 'resolved' : 'rejected';
  const kind = t.kind as TicketKind;
  return {
    to: owner.email,
    subject: `Your support ticket about ${projectName} was ${outcome}`,
    text: [
      `Hello ${owner.name},`,
      '',
      `The support ticket ${t.raisedByName} raised on ${formatDateTime(t.createdAt)} about the project ${projectName} has been ${outcome}${t.assignedToName ? ` by ${t.assignedToName}` : ''}.`,
      '',
      `${ticketKindLabels[kind]}: ${ticketRequestText({ kind, request: t.request, description: t.description })}`,
      `${t.status === 'RESOLVED' ? 'Resolution' : 'Reason'}: ${t.resolution ?? ''}`,
      '',
      `The project's tickets: ${publicUrl}/assistants/${t.projectId}?tab=details`,
      '',
    ].join('\n'),
  };
};

/** The mail job: read when it runs, from the closed ticket as it is then. */
export const ticketMailJobs = (deps: Deps): JobHandlers => ({
  [TICKET_CLOSED_MAIL_JOB]: async (job) => {
    const p = MailJob.parse(job.payload);
    const row = await adminTicketById(deps.db, p.ticketId, p.partnerId);
    if (!row || row.ticket.partnerId !== p.partnerId || isTicketOpen(row.ticket.status as TicketStatus)) return;
    const owner = await ownerMailedAbout(deps.db, p.partnerId, 'TICKET_REPLY');
    if (!owner) return;
    const ticket = { ...row.ticket, request: row.ticket.request as TicketRequestDetails };
    await deps.mail.send(ticketClosedMail(owner, ticket, row.assistantName, deps.env.publicUrl));
  },
});
