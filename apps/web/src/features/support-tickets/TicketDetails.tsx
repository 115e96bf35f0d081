import { Box, Typography } from '@mui/material';
import {
  formatCount,
  formatDateTime,
  TICKET_UNASSIGNED,
  ticketKindLabels,
  ticketRequestText,
  type AdminTicket,
  type TicketStatus,
} from '@pc/contract';
import type { ReactNode } from 'react';
import { ticketTexts as t } from './texts';
import { TicketStatusChip } from './TicketStatusChip';

/** What the project or template is now, beside what the ticket asks. */
const currentOf = (ticket: AdminTicket): string | null => {
  if (ticket.kind === 'DAILY_TEMPLATE_LIMIT')
    return ticket.current.dailyTemplateLimit === null ? t.notSet : formatCount(ticket.current.dailyTemplateLimit);
  if (ticket.kind === 'TEMPLATE_STATUS') return ticket.current.templateStatus ?? t.templateGone;
  return null;
};

/** The ticket as read in its dialog. */
export const TicketDetails = ({ ticket }: { ticket: AdminTicket }) => {
  const c = t.columns;
  const current = currentOf(ticket);
  const rows: [string, ReactNode][] = [
    [c.partner, ticket.partnerName],
    [c.project, ticket.assistantName],
    [c.kind, ticketKindLabels[ticket.kind]],
    [c.request, ticketRequestText({ ...ticket, description: ticket.kind === 'OTHER' ? '' : ticket.description })],
    ...(current === null ? [] : ([[t.current, current]] as [string, ReactNode][])),
    ...(ticket.description ? ([[t.description, ticket.description]] as [string, ReactNode][]) : []),
    [c.raisedBy, ticket.raisedBy],
    [c.raisedAt, formatDateTime(ticket.createdAt)],
    [c.status, <TicketStatusChip key="status" status={ticket.status as TicketStatus} />],
    [c.assignedTo, ticket.assignedTo ?? TICKET_UNASSIGNED],
    ...(ticket.resolution ? ([[c.resolution, ticket.resolution]] as [string, ReactNode][]) : []),
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
};
