import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { fetchAdminTicket } from './api';
import { ticketKeys } from './keys';
import { ticketTexts as t } from './texts';
import { TicketActions } from './TicketActions';
import { TicketDetails } from './TicketDetails';

/**
 * The super-admin's ticket dialog, opened from a row (its id in the URL, so Back closes it). It
 * loads the ticket by id, so it stays open and current when an action moves the ticket to another tab.
 */
export const TicketDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ticket = useQuery({ queryKey: ticketKeys.adminTicket(id), queryFn: () => fetchAdminTicket(id), retry: false });
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="ticket-dialog-title"
    >
      <DialogTitle id="ticket-dialog-title">{t.dialogTitle}</DialogTitle>
      <DialogContent>
        {ticket.isPending && <PageLoader />}
        {ticket.isError && (
          <ErrorState error={ticket.error} fallback={t.loadFailed} onRetry={() => void ticket.refetch()} />
        )}
        {ticket.data && (
          <>
            <TicketDetails ticket={ticket.data.ticket} />
            <Divider sx={{ my: 2 }} />
            {/* Keyed by status: an action's form starts afresh once the ticket has moved. */}
            <TicketActions key={`${id}:${ticket.data.ticket.status}`} ticket={ticket.data.ticket} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
};
