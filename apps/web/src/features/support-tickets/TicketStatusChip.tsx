import { Chip, type ChipProps } from '@mui/material';
import { ticketStatusLabels, type TicketStatus } from '@pc/contract';

const colors: Record<TicketStatus, ChipProps['color']> = {
  PENDING: 'warning',
  IN_PROGRESS: 'info',
  RESOLVED: 'success',
  REJECTED: 'error',
};

export const TicketStatusChip = ({ status }: { status: TicketStatus }) => (
  <Chip size="small" label={ticketStatusLabels[status]} color={colors[status]} data-testid="ticket-status" />
);
