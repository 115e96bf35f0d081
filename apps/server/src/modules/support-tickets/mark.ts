import { ticketMessages, type MarkTicketRequest, type TicketActionResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import { recordAudit } from '../audit/record.js';
import { getAdminTicket } from './admin-list.js';
import { assertMove, closeTicket, lockTicketOrFail } from './moves.js';
import { updateTicket } from './queries.js';
import { auditedTicket } from './view.js';

/**
 * The super-admin marks a ticket: IN_PROGRESS takes it (assigned to them); REJECTED closes it, with
 * the reason, from pending or in progress; RESOLVED closes an OTHER ticket in progress with a note
 * (the other kinds are resolved by doing what they ask: set-assistant-field, template-status).
 */
export const markTicket = async (
  deps: Deps,
  admin: AdminViewer,
  ticketId: string,
  body: MarkTicketRequest,
): Promise<TicketActionResponse> => {
  await retriedTransaction(deps.db, async (tx) => {
    const ticket = await lockTicketOrFail(tx, ticketId);
    assertMove(ticket, body.status);
    if (body.status === 'RESOLVED' && ticket.kind !== 'OTHER') throw badRequest(ticketMessages.resolveByRequest);
    const now = deps.now();
    const after =
      body.status === 'IN_PROGRESS'
        ? await updateTicket(tx, ticket, {
            status: 'IN_PROGRESS',
            assignedToId: admin.adminId,
            assignedToName: admin.name,
            updatedAt: now,
          })
        : await closeTicket(tx, ticket, admin, { status: body.status, resolution: body.resolution }, now);
    await recordAudit(tx, admin, {
      action: 'ticket.mark',
      targetKind: 'ticket',
      targetId: ticket.id,
      partnerId: ticket.partnerId,
      before: auditedTicket(ticket),
      after: auditedTicket(after),
    });
  });
  if (body.status !== 'IN_PROGRESS') jobsSignal.kick();
  return { message: ticketMessages.marked(body.status), ticket: await getAdminTicket(deps, ticketId) };
};
