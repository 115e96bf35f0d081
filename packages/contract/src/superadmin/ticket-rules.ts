import { z } from 'zod';
import { formatCount } from '../format.js';

/**
 * The support ticket (doc 1 section 4: the ticket stub, PENDING by default, Assigned To "-" while
 * pending; its other transitions are not shown, so the rest of its life is ours). A partner member
 * raises one about one of its projects; a super-admin takes it (IN_PROGRESS, assigned to them) and
 * fulfils, resolves or rejects it. Its calls are in ./ticket-calls.ts.
 */

/** What a ticket asks for: a new daily template limit, a template's status put right, or anything else in words. */
export const ticketKinds = ['DAILY_TEMPLATE_LIMIT', 'TEMPLATE_STATUS', 'OTHER'] as const;
export const TicketKind = z.enum(ticketKinds);
export type TicketKind = z.infer<typeof TicketKind>;
export const ticketKindLabels: Record<TicketKind, string> = {
  DAILY_TEMPLATE_LIMIT: 'Daily template limit',
  TEMPLATE_STATUS: 'Template status',
  OTHER: 'Other',
};

export const ticketStatuses = ['PENDING', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'] as const;
export const TicketStatus = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof TicketStatus>;
export const ticketStatusLabels: Record<TicketStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
  REJECTED: 'Rejected',
};

/** PENDING -> IN_PROGRESS -> RESOLVED | REJECTED, and PENDING -> REJECTED. A closed ticket never moves again. */
export const ticketMoves: Record<TicketStatus, readonly TicketStatus[]> = {
  PENDING: ['IN_PROGRESS', 'REJECTED'],
  IN_PROGRESS: ['RESOLVED', 'REJECTED'],
  RESOLVED: [],
  REJECTED: [],
};
export const canMoveTicket = (from: TicketStatus, to: TicketStatus): boolean => ticketMoves[from].includes(to);
export const isTicketOpen = (status: TicketStatus): boolean => status === 'PENDING' || status === 'IN_PROGRESS';
export const openTicketStatuses: readonly TicketStatus[] = ['PENDING', 'IN_PROGRESS'];

/**
 * The statuses a template can be put to from a ticket: Meta's review outcomes. Not DRAFT (a draft
 * never went to Meta) nor DELETED (Meta's own, with the name held for 30 days).
 */
export const ticketTemplateStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export const TicketTemplateStatus = z.enum(ticketTemplateStatuses);
export type TicketTemplateStatus = z.infer<typeof TicketTemplateStatus>;

/** Doc 1 section 9: the ticket stub shows 15 rows, with a fixed option of 25. */
export const TICKET_PAGE_SIZE = 15;
export const ticketPageSizes = [15, 25] as const;
/** The partner's list of a project's tickets (the console's default page size). */
export const PROJECT_TICKETS_PAGE_SIZE = 10;
/** Ours: open (pending or in progress) tickets one project may have at once, against a flood of them. */
export const OPEN_TICKETS_PER_PROJECT = 5;
export const TICKET_DESCRIPTION_MAX = 2000;
/** Doc 1 section 4: Assigned To of a pending ticket. */
export const TICKET_UNASSIGNED = '-';

export const ticketMessages = {
  // Doc 1 section 8, the support ticket dialog, verbatim.
  templateStatusFailed: 'Unable to update template status',
  markFailed: 'Unable to mark, Check your internet connection.',
  fulfilFailed: 'Unable to fulfill request, Check your internet connection.',
  // Doc 2 section 8's super-admin success texts.
  updated: 'Successfully Updated',
  // Ours: the spec does not give these.
  raised: 'Ticket raised',
  raiseFailed: 'Unable to raise the ticket',
  marked: (status: TicketStatus) => `Ticket marked ${ticketStatusLabels[status]}`,
  tooManyOpen: `This project already has ${OPEN_TICKETS_PER_PROJECT} open tickets. Raise another once one of them is resolved.`,
  closed: 'This ticket is closed: it cannot be changed.',
  invalidMove: (from: TicketStatus, to: TicketStatus) =>
    `A ticket that is ${ticketStatusLabels[from]} cannot be marked ${ticketStatusLabels[to]}.`,
  notInProgress: 'Mark the ticket In progress first.',
  resolveByRequest: "Fulfil this ticket's request to resolve it.",
  notAFieldsTicket: "This ticket asks for a template's status: update the template status instead.",
  notATemplateTicket: "This ticket does not ask for a template's status.",
  limitFieldMissing: "A daily template limit ticket is fulfilled by setting 'dailyTemplateLimit'.",
  otherProject: 'This ticket is about another project.',
  fieldMissing: (field: string) => `'${field}' is named in fields but has no value.`,
  templateGone: 'The template no longer exists.',
  templateDraft: 'A draft template has not been sent to Meta: it has no status to put right.',
  templateAlready: (status: string) => `The template is already ${status}.`,
  describeOther: 'Describe what you need.',
  noteNeeded: 'Write a note for the partner.',
} as const;

/** What a ticket asks for, in one line (the lists' Request column and the mails). */
export const ticketRequestText = (ticket: {
  kind: TicketKind;
  request: { dailyTemplateLimit?: number; templateName?: string; templateLanguage?: string; templateStatus?: string };
  description: string;
}): string => {
  const { request } = ticket;
  switch (ticket.kind) {
    case 'DAILY_TEMPLATE_LIMIT':
      return `Daily template limit of ${formatCount(request.dailyTemplateLimit ?? 0)}`;
    case 'TEMPLATE_STATUS':
      return `${request.templateName ?? ''} (${request.templateLanguage ?? ''}) to be ${request.templateStatus ?? ''}`;
    case 'OTHER':
      return ticket.description;
  }
};
