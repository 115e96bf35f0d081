import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import {
  isTicketOpen,
  SetAssistantFieldRequest,
  ticketMessages,
  ticketTemplateStatuses,
  TicketTemplateStatus,
  type AdminTicket,
  type MarkTicketRequest,
  type TicketStatus,
} from '@pc/contract';
import { useState } from 'react';
import { fulfilDailyLimit, markTicket, updateTemplateStatus } from './api';
import { ticketTexts as t } from './texts';
import { useTicketAction } from './useTicketAction';

const limitSchema = SetAssistantFieldRequest.shape.dailyTemplateLimit.unwrap();
const row = { display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' } as const;

/** Closes the ticket with a note the partner reads: a rejection's reason, or an OTHER ticket's resolution. */
const NoteForm = ({
  ticket,
  status,
  label,
  submit,
}: {
  ticket: AdminTicket;
  status: 'RESOLVED' | 'REJECTED';
  label: string;
  submit: string;
}) => {
  const [note, setNote] = useState('');
  const mark = useTicketAction((body: MarkTicketRequest) => markTicket(ticket._id, body), {
    fallback: ticketMessages.markFailed,
  });
  const valid = note.trim().length > 0;
  return (
    <Box sx={row}>
      <TextField
        size="small"
        label={label}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        maxRows={4}
        sx={{ flex: '1 1 240px' }}
      />
      <Button
        variant={status === 'REJECTED' ? 'outlined' : 'contained'}
        color={status === 'REJECTED' ? 'error' : 'primary'}
        disabled={!valid || mark.isPending}
        onClick={() => mark.mutate({ status, resolution: note.trim() })}
      >
        {submit}
      </Button>
    </Box>
  );
};

const FulfilLimit = ({ ticket }: { ticket: AdminTicket }) => {
  const [value, setValue] = useState(String(ticket.request.dailyTemplateLimit ?? ''));
  const parsed = limitSchema.safeParse(Number(value));
  const valid = /^\d+$/.test(value) && parsed.success;
  const fulfil = useTicketAction((limit: number) => fulfilDailyLimit(ticket._id, ticket.assistantId, limit), {
    fallback: ticketMessages.fulfilFailed,
  });
  return (
    <Box sx={row}>
      <TextField
        size="small"
        type="number"
        label={t.fulfilLimit}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={value !== '' && !valid}
        sx={{ flex: '1 1 200px' }}
        slotProps={{ htmlInput: { min: 1 } }}
      />
      <Button variant="contained" disabled={!valid || fulfil.isPending} onClick={() => fulfil.mutate(Number(value))}>
        {t.fulfil}
      </Button>
    </Box>
  );
};

const SetTemplateStatus = ({ ticket }: { ticket: AdminTicket }) => {
  const asked = TicketTemplateStatus.safeParse(ticket.request.templateStatus);
  const [status, setStatus] = useState<TicketTemplateStatus>(asked.data ?? 'APPROVED');
  const update = useTicketAction((s: TicketTemplateStatus) => updateTemplateStatus(ticket._id, s), {
    fallback: ticketMessages.templateStatusFailed,
  });
  return (
    <Box sx={row}>
      <TextField
        select
        size="small"
        label={t.templateStatus}
        value={status}
        onChange={(e) => setStatus(e.target.value as TicketTemplateStatus)}
        sx={{ flex: '1 1 200px' }}
      >
        {ticketTemplateStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" disabled={update.isPending} onClick={() => update.mutate(status)}>
        {t.updateTemplateStatus}
      </Button>
    </Box>
  );
};

/** What the super-admin can do with the ticket now: take it, do what it asks, resolve or reject it. */
export const TicketActions = ({ ticket }: { ticket: AdminTicket }) => {
  const status = ticket.status as TicketStatus;
  const [rejecting, setRejecting] = useState(false);
  const take = useTicketAction(() => markTicket(ticket._id, { status: 'IN_PROGRESS' }), {
    fallback: ticketMessages.markFailed,
  });
  if (!isTicketOpen(status))
    return (
      <Typography variant="body2" color="text.secondary">
        {t.closedNote}
      </Typography>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {status === 'PENDING' && (
        <Box>
          <Button variant="contained" disabled={take.isPending} onClick={() => take.mutate(undefined)}>
            {t.markInProgress}
          </Button>
        </Box>
      )}
      {status === 'IN_PROGRESS' && ticket.kind === 'DAILY_TEMPLATE_LIMIT' && <FulfilLimit ticket={ticket} />}
      {status === 'IN_PROGRESS' && ticket.kind === 'TEMPLATE_STATUS' && <SetTemplateStatus ticket={ticket} />}
      {status === 'IN_PROGRESS' && ticket.kind === 'OTHER' && (
        <NoteForm ticket={ticket} status="RESOLVED" label={t.resolutionNote} submit={t.resolve} />
      )}
      {rejecting ? (
        <NoteForm ticket={ticket} status="REJECTED" label={t.rejectReason} submit={t.confirmReject} />
      ) : (
        <Box>
          <Button color="error" onClick={() => setRejecting(true)}>
            {t.reject}
          </Button>
        </Box>
      )}
    </Box>
  );
};
