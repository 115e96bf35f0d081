import type { AdminTicket, AdminTicketsRequest, AdminTicketsResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { ticketNotFound } from './moves.js';
import { adminTicketById, adminTicketsPage, ticketCounts } from './queries.js';
import { toAdminTicket } from './view.js';

/** The Tickets page: one status's page (15 or 25 rows), and every status's count for the tabs. */
export const listAdminTickets = async (deps: Deps, body: AdminTicketsRequest): Promise<AdminTicketsResponse> => {
  const [rows, counts] = await Promise.all([
    adminTicketsPage(deps.db, { status: body.status, partnerId: body.partnerId }, body.skip, body.rowsPerPage),
    ticketCounts(deps.db, body.partnerId),
  ]);
  return { tickets: rows.map(toAdminTicket), totalTickets: counts[body.status], counts };
};

export const getAdminTicket = async (deps: Deps, ticketId: string): Promise<AdminTicket> => {
  const row = await adminTicketById(deps.db, ticketId);
  if (!row) throw ticketNotFound();
  return toAdminTicket(row);
};
