import type { AdminTicket, SupportTicket, TicketKind, TicketRequestDetails, TicketStatus } from '@pc/contract';
import type { AdminTicketRow, TicketRow } from './queries.js';

/** A ticket as the partner reads it: who took it by name only, never the super-admin's id. */
export const toSupportTicket = (t: TicketRow): SupportTicket => ({
  _id: t.id,
  assistantId: t.projectId,
  kind: t.kind as TicketKind,
  request: t.request as TicketRequestDetails,
  description: t.description,
  status: t.status as TicketStatus,
  raisedBy: t.raisedByName,
  assignedTo: t.assignedToName,
  resolution: t.resolution,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** A ticket as the super-admin reads it, with the asked-about value as it is now. */
export const toAdminTicket = (r: AdminTicketRow): AdminTicket => ({
  ...toSupportTicket(r.ticket),
  partnerId: r.ticket.partnerId,
  partnerName: r.partnerName,
  assistantName: r.assistantName,
  current: {
    dailyTemplateLimit: r.dailyTemplateLimit,
    templateStatus: r.templateDeletedAt ? null : (r.templateStatus ?? null),
  },
});

/** The ticket's fields an action changes, for its audit row. */
export const auditedTicket = (t: TicketRow) => ({
  status: t.status,
  assignedTo: t.assignedToName,
  resolution: t.resolution,
});
