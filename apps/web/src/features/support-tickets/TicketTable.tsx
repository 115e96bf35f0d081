import {
  TICKET_UNASSIGNED,
  ticketKindLabels,
  ticketRequestText,
  type AdminTicket,
  type TicketStatus,
} from '@pc/contract';
import { DataTable, type Column, type PagedRows, type RowLink } from '../../ui/DataTable';
import { ticketTexts as t } from './texts';
import { TicketStatusChip } from './TicketStatusChip';
import { DateTime } from '../../ui/DateTime';

const c = t.columns;
const columns: Column<AdminTicket>[] = [
  { key: 'raisedAt', label: c.raisedAt, cell: (x) => <DateTime value={x.createdAt} />, nowrap: true },
  { key: 'partner', label: c.partner, cell: (x) => x.partnerName },
  { key: 'project', label: c.project, cell: (x) => x.assistantName },
  { key: 'kind', label: c.kind, cell: (x) => ticketKindLabels[x.kind] },
  { key: 'request', label: c.request, cell: (x) => ticketRequestText(x) },
  { key: 'raisedBy', label: c.raisedBy, cell: (x) => x.raisedBy },
  { key: 'status', label: c.status, cell: (x) => <TicketStatusChip status={x.status as TicketStatus} /> },
  // Doc 1 section 4: "-" while pending.
  { key: 'assignedTo', label: c.assignedTo, cell: (x) => x.assignedTo ?? TICKET_UNASSIGNED },
];

/** The super-admin's tickets: each row opens the ticket's dialog. */
export const TicketTable = ({
  rows,
  total,
  page,
  pageSize,
  onPage,
  query,
  rowLink,
}: PagedRows<AdminTicket> & { pageSize: number; rowLink: (row: AdminTicket) => RowLink }) => (
  <DataTable
    label="Tickets"
    columns={columns}
    rows={rows}
    rowKey={(x) => x._id}
    rowLink={rowLink}
    rowTestId="ticket-row"
    query={query}
    emptyText={t.noRows}
    errorText={t.loadFailed}
    paging={{ page, pageSize, total, onPage }}
    minWidth={1040}
  />
);
