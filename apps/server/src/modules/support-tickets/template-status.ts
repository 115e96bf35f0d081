import {
  ticketMessages,
  type TicketActionResponse,
  type TicketRequestDetails,
  type TicketTemplateStatus,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import { recordAudit } from '../audit/record.js';
import { setTemplateStatusAsStaff } from '../templates/staff-status.js';
import { getAdminTicket } from './admin-list.js';
import { assertMove, closeTicket, lockTicketOrFail } from './moves.js';

/**
 * A TEMPLATE_STATUS ticket in progress is resolved by setting its template's status (the one asked
 * for, or another the super-admin judged right): the template, the ticket, its audit row and the
 * owner's mail in one transaction.
 */
export const updateTicketTemplateStatus = async (
  deps: Deps,
  admin: AdminViewer,
  ticketId: string,
  status: TicketTemplateStatus,
): Promise<TicketActionResponse> => {
  await retriedTransaction(deps.db, async (tx) => {
    const ticket = await lockTicketOrFail(tx, ticketId);
    assertMove(ticket, 'RESOLVED');
    const templateId = (ticket.request as TicketRequestDetails).templateId;
    if (ticket.kind !== 'TEMPLATE_STATUS' || !templateId) throw badRequest(ticketMessages.notATemplateTicket);
    const now = deps.now();
    const ref = { partnerId: ticket.partnerId, projectId: ticket.projectId, templateId };
    const template = await setTemplateStatusAsStaff(tx, ref, status, now);
    if (!template) throw badRequest(ticketMessages.templateGone);
    const resolution = `The template ${template.name} is now ${status}.`;
    const closed = await closeTicket(tx, ticket, admin, { status: 'RESOLVED', resolution }, now);
    await recordAudit(tx, admin, {
      action: 'ticket.template-status',
      targetKind: 'ticket',
      targetId: ticket.id,
      partnerId: ticket.partnerId,
      before: { status: ticket.status, templateId, templateStatus: template.before },
      after: { status: closed.status, templateId, templateStatus: status, resolution },
    });
  });
  jobsSignal.kick();
  return { message: ticketMessages.updated, ticket: await getAdminTicket(deps, ticketId) };
};
