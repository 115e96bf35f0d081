import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { webhookMessages } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../../api/errors';
import { TextInput } from '../../../ui/TextInput';
import { useNotify } from '../../../ui/useNotify';
import { replayFailed } from '../api';
import { fromDateTimeLocal, lastDayRange, toDateTimeLocal } from '../dateTimeLocal';
import { webhookKeys } from '../keys';
import { webhookTexts as t } from '../texts';

type Props = { projectId: string; webhookId: string; onClose: () => void };

/** Replay failed: every dead letter of the webhook created in a From/To range (the last 24 hours at first), queued again. */
export const ReplayFailedDialog = ({ projectId, webhookId, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const client = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [range, setRange] = useState(lastDayRange);
  const from = fromDateTimeLocal(range.from);
  const to = fromDateTimeLocal(range.to, { end: true });
  const problem = !from || !to || from >= to ? t.rangeInvalid : null;
  const now = toDateTimeLocal(new Date());

  const replay = useMutation({
    mutationFn: (body: { from: string; to: string }) => replayFailed(projectId, webhookId, body),
    onSuccess: async (answer) => {
      notify.success(answer.message || webhookMessages.replayedMany(answer.queued));
      onClose();
      await client.invalidateQueries({ queryKey: webhookKeys.log(projectId, webhookId) });
    },
    onError: (error) => notify.error(errorText(error, webhookMessages.failed)),
  });
  const submit = () => {
    if (from && to && !problem) replay.mutate({ from, to });
  };

  return (
    <Dialog
      open
      onClose={replay.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid="replay-failed-dialog"
    >
      <DialogTitle id={titleId}>{t.replayTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, alignContent: 'start' }}>
        <DialogContentText>{t.replayText}</DialogContentText>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, pt: 0.5 }}>
          <TextInput
            type="datetime-local"
            label={t.from}
            shrinkLabel
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            inputProps={{ max: range.to || now }}
          />
          <TextInput
            type="datetime-local"
            label={t.to}
            shrinkLabel
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            inputProps={{ min: range.from }}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={replay.isPending}>
          {t.cancel}
        </Button>
        <Button variant="contained" loading={replay.isPending} disabled={Boolean(problem)} onClick={submit}>
          {t.replayConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
