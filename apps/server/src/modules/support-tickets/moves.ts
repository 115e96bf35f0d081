import { canMoveTicket, isTicketOpen, ticketMessages, type TicketStatus } from '@pc/contract';
import type { Tx } from '../../platform/db/open.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { TICKET_CLOSED_MAIL_JOB } from './kinds.js';
import { notifyTicketClosed } from '../notifications/events.js';
import { lockTicket, updateTicket, type TicketRow } from './queries.js';

export const ticketNotFound = () => notFound('Ticket not found.');

/** The ticket, locked for the caller's transaction, or 404. */
export const lockTicketOrFail = async (tx: Tx, ticketId: string): Promise<TicketRow> => {
  const ticket = await lockTicket(tx, ticketId);
  if (!ticket) throw ticketNotFound();
  return ticket;
};

/** The locked ticket may move to `to`, or the 400 that says why not (closed tickets are read-only). */
export const assertMove = (ticket: TicketRow, to: TicketStatus) => {
  const from = ticket.status as TicketStatus;
  if (!isTicketOpen(from)) throw badRequest(ticketMessages.closed);
  if (from === 'PENDING' && to === 'RESOLVED') throw badRequest(ticketMessages.notInProgress);
  if (!canMoveTicket(from, to)) throw badRequest(ticketMessages.invalidMove(from, to));
};

/**
 * Closes the ticket with the note the partner reads, and the owner's mail in the same transaction
 * (ARCHITECTURE rule 13). A ticket rejected straight from pending is assigned to the super-admin who
 * rejected it: only a pending ticket shows "-".
 */
export const closeTicket = async (
  tx: Tx,
  ticket: TicketRow,
  admin: Pick<AdminViewer, 'adminId' | 'name'>,
  close: { status: 'RESOLVED' | 'REJECTED'; resolution: string },
  now: Date,
): Promise<TicketRow> => {
  const closed = await updateTicket(tx, ticket, {
    status: close.status,
    resolution: close.resolution,
    ...(ticket.assignedToId ? {} : { assignedToId: admin.adminId, assignedToName: admin.name }),
    updatedAt: now,
  });
  await enqueue(tx, {
    kind: TICKET_CLOSED_MAIL_JOB,
    payload: { partnerId: ticket.partnerId, ticketId: ticket.id },
    runAt: now,
    key: `${TICKET_CLOSED_MAIL_JOB}:${ticket.id}`,
  });
  await notifyTicketClosed(tx, ticket, close, now);
  return closed;
};
