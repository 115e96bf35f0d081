import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  RaiseTicketRequest,
  TICKET_DESCRIPTION_MAX,
  ticketKindLabels,
  ticketKinds,
  ticketMessages,
  ticketTemplateStatuses,
  type ProjectDetail,
  type TicketKind,
  type TicketTemplateStatus,
} from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { fetchTicketTemplates, raiseTicket } from './api';
import { ticketKeys } from './keys';
import { ticketTexts as t } from './texts';
import { TICKET_ALERT } from './useTicketAction';

/** The first message of the request as it stands, by field, to show under that field once typed. */
const problemsOf = (result: ReturnType<typeof RaiseTicketRequest.safeParse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message])) as Record<string, string>;

/** A partner member asks the platform for something about this project. */
export const RaiseTicketDialog = ({ project, onClose }: { project: ProjectDetail; onClose: () => void }) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const notify = useNotify();
  const client = useQueryClient();
  const [kind, setKind] = useState<TicketKind>('DAILY_TEMPLATE_LIMIT');
  const [limit, setLimit] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [status, setStatus] = useState<TicketTemplateStatus | ''>('');
  const [description, setDescription] = useState('');

  const templates = useQuery({
    queryKey: ticketKeys.projectTemplates(project._id),
    queryFn: () => fetchTicketTemplates(project._id),
    enabled: kind === 'TEMPLATE_STATUS',
  });
  // A draft never went to Meta and a deleted one is Meta's: neither has a status to put right.
  const sent = (templates.data?.templates ?? []).filter((x) => x.status !== 'DRAFT' && x.status !== 'DELETED');
  const chosen = sent.find((x) => x._id === templateId);

  const body = {
    kind,
    assistantId: project._id,
    description,
    ...(kind === 'DAILY_TEMPLATE_LIMIT' && { dailyTemplateLimit: limit === '' ? undefined : Number(limit) }),
    ...(kind === 'TEMPLATE_STATUS' && { templateId, templateStatus: status || undefined }),
  };
  const parsed = RaiseTicketRequest.safeParse(body);
  const problems = problemsOf(parsed);

  const raise = useMutation({
    mutationFn: raiseTicket,
    onSuccess: async (out) => {
      notify.success(out.message, TICKET_ALERT);
      await client.invalidateQueries({ queryKey: ticketKeys.project(project._id) });
      onClose();
    },
    onError: (error) => notify.error(errorText(error, ticketMessages.raiseFailed), TICKET_ALERT),
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="raise-ticket-title">
      <DialogTitle id="raise-ticket-title">{t.raiseTitle}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField select label={t.kind} value={kind} onChange={(e) => setKind(e.target.value as TicketKind)}>
            {ticketKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {ticketKindLabels[k]}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'DAILY_TEMPLATE_LIMIT' && (
            <TextField
              type="number"
              label={t.dailyTemplateLimit}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              error={limit !== '' && Boolean(problems.dailyTemplateLimit)}
              helperText={limit !== '' ? problems.dailyTemplateLimit : undefined}
              slotProps={{ htmlInput: { min: 1 } }}
              required
            />
          )}
          {kind === 'TEMPLATE_STATUS' && (
            <>
              <TextField
                select
                label={t.template}
                value={templateId}
                onChange={(e) => {
                  setTemplateId(e.target.value);
                  setStatus('');
                }}
                helperText={templates.isSuccess && sent.length === 0 ? t.noTemplates : undefined}
                required
              >
                {sent.map((x) => (
                  <MenuItem key={x._id} value={x._id}>
                    {`${x.name} (${x.language}), ${x.status}`}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t.templateStatus}
                value={status}
                onChange={(e) => setStatus(e.target.value as TicketTemplateStatus)}
                disabled={!chosen}
                required
              >
                {ticketTemplateStatuses
                  .filter((s) => s !== chosen?.status)
                  .map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
              </TextField>
            </>
          )}
          <TextField
            label={t.description}
            placeholder={t.descriptionHelp}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={3}
            required={kind === 'OTHER'}
            slotProps={{ htmlInput: { maxLength: TICKET_DESCRIPTION_MAX } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button
          variant="contained"
          disabled={!parsed.success || raise.isPending}
          onClick={() => parsed.success && raise.mutate(parsed.data)}
        >
          {t.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
