import { z } from 'zod';
import { SetAssistantFieldRequest } from './assistant-fields.js';
import {
  PROJECT_TICKETS_PAGE_SIZE,
  TICKET_DESCRIPTION_MAX,
  TICKET_PAGE_SIZE,
  ticketMessages,
  TicketKind,
  TicketStatus,
  TicketTemplateStatus,
} from './ticket-rules.js';

const id = z.string().min(1).max(100);
const description = z.string().trim().max(TICKET_DESCRIPTION_MAX);
/** What the partner reads when its ticket is resolved or rejected: never empty. */
const note = z.string().trim().min(1, ticketMessages.noteNeeded).max(TICKET_DESCRIPTION_MAX);
const skip = z.coerce.number().int().min(0).max(10_000_000).default(0);

// ---- The partner's calls ----

/**
 * POST /api/support-tickets: a ticket about one of the partner's projects (`assistantId`), asking
 * by its kind for a daily template limit, a template's status (one of the project's templates), or
 * anything else in words (the description, required then).
 */
export const RaiseTicketRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('DAILY_TEMPLATE_LIMIT'),
    assistantId: id,
    dailyTemplateLimit: SetAssistantFieldRequest.shape.dailyTemplateLimit.unwrap(),
    description: description.default(''),
  }),
  z.object({
    kind: z.literal('TEMPLATE_STATUS'),
    assistantId: id,
    templateId: id,
    templateStatus: TicketTemplateStatus,
    description: description.default(''),
  }),
  z.object({
    kind: z.literal('OTHER'),
    assistantId: id,
    description: description.min(1, ticketMessages.describeOther),
  }),
]);
export type RaiseTicketRequest = z.infer<typeof RaiseTicketRequest>;

/** What the ticket asks for, as raised: the limit, or the template (its name kept as it was) and the status it should have. */
export const TicketRequestDetails = z.object({
  dailyTemplateLimit: z.number().int().optional(),
  templateId: z.string().optional(),
  templateName: z.string().optional(),
  templateLanguage: z.string().optional(),
  templateStatus: z.string().optional(),
});
export type TicketRequestDetails = z.infer<typeof TicketRequestDetails>;

/** A ticket as the partner sees it. */
export const SupportTicket = z.object({
  _id: z.string(),
  assistantId: z.string(),
  kind: TicketKind,
  request: TicketRequestDetails,
  description: z.string(),
  status: TicketStatus,
  raisedBy: z.string(),
  /** The super-admin who took it; null while pending (shown as "-", doc 1 section 4). */
  assignedTo: z.string().nullable(),
  /** What was done, or why it was rejected; null while open. */
  resolution: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const RaiseTicketResponse = z.object({ message: z.string(), ticket: SupportTicket });

/** GET /api/support-tickets?assistantId=: the project's tickets, newest first, a page at a time. */
export const ProjectTicketsQuery = z.object({
  assistantId: id,
  skip,
  rowsPerPage: z.coerce.number().int().min(1).max(50).default(PROJECT_TICKETS_PAGE_SIZE),
});
export type ProjectTicketsQuery = z.infer<typeof ProjectTicketsQuery>;
export const ProjectTicketsResponse = z.object({
  tickets: z.array(SupportTicket),
  totalTickets: z.number(),
  /** Pending and in progress: no more are taken at OPEN_TICKETS_PER_PROJECT. */
  openTickets: z.number(),
});
export type ProjectTicketsResponse = z.infer<typeof ProjectTicketsResponse>;

// ---- The super-admin's calls ----

/** A ticket as the super-admin sees it: whose it is, and the project's or template's value now. */
export const AdminTicket = SupportTicket.extend({
  partnerId: z.string(),
  partnerName: z.string(),
  assistantName: z.string(),
  current: z.object({
    dailyTemplateLimit: z.number().nullable(),
    /** The asked-about template's status now; null when it is gone (or the ticket is about no template). */
    templateStatus: z.string().nullable(),
  }),
});
export type AdminTicket = z.infer<typeof AdminTicket>;

/** POST /superadmin/support-tickets: one status's tickets, newest first, paged in SQL; optionally one partner's. */
export const AdminTicketsRequest = z.object({
  status: TicketStatus.default('PENDING'),
  skip,
  rowsPerPage: z.number().int().min(1).max(100).default(TICKET_PAGE_SIZE),
  partnerId: id.optional(),
});
export type AdminTicketsRequest = z.infer<typeof AdminTicketsRequest>;
export const AdminTicketsResponse = z.object({
  tickets: z.array(AdminTicket),
  totalTickets: z.number(),
  /** Each status's count, under the same partner filter (the tabs). */
  counts: z.record(TicketStatus, z.number()),
});
export type AdminTicketsResponse = z.infer<typeof AdminTicketsResponse>;

export const TicketIdParams = z.object({ id });
export const AdminTicketResponse = z.object({ ticket: AdminTicket });

/**
 * POST /superadmin/support-tickets/:id/mark: IN_PROGRESS takes the ticket (assigned to the signed-in
 * super-admin); REJECTED (from pending or in progress) and RESOLVED (an OTHER ticket in progress)
 * close it with a note the partner reads.
 */
export const MarkTicketRequest = z.discriminatedUnion('status', [
  z.object({ status: z.literal('IN_PROGRESS') }),
  z.object({ status: z.literal('RESOLVED'), resolution: note }),
  z.object({ status: z.literal('REJECTED'), resolution: note }),
]);
export type MarkTicketRequest = z.infer<typeof MarkTicketRequest>;

/** POST /superadmin/support-tickets/:id/template-status: the template's status, and the ticket resolved. */
export const TicketTemplateStatusRequest = z.object({ status: TicketTemplateStatus });
export type TicketTemplateStatusRequest = z.infer<typeof TicketTemplateStatusRequest>;

export const TicketActionResponse = z.object({ message: z.string(), ticket: AdminTicket });
export type TicketActionResponse = z.infer<typeof TicketActionResponse>;

/** POST /superadmin/set-assistant-field's answer: the project's staff fields now, and the ticket it fulfilled. */
export const SetAssistantFieldResponse = z.object({
  message: z.string(),
  project: z.object({
    assistantId: z.string(),
    dailyTemplateLimit: z.number().nullable(),
    maxAgents: z.number(),
    macQuota: z.number().nullable(),
  }),
  ticket: AdminTicket.optional(),
});
export type SetAssistantFieldResponse = z.infer<typeof SetAssistantFieldResponse>;

// ---- Where the lists keep their place (ARCHITECTURE rule 11) ----

/** The super-admin's Tickets page: status tab, partner, rows per page (15 or 25), page from 1, the open ticket. */
export const TicketListUrl = z.object({
  status: TicketStatus.catch('PENDING'),
  partner: z.string().max(100).catch(''),
  rows: z.coerce
    .number()
    .pipe(z.union([z.literal(15), z.literal(25)]))
    .catch(TICKET_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  ticket: z.string().max(100).catch(''),
});
export type TicketListUrl = z.infer<typeof TicketListUrl>;

/** A project's tickets on its page: their page, from 1. */
export const ProjectTicketsUrl = z.object({ tpage: z.coerce.number().int().min(1).max(100_000).catch(1) });
