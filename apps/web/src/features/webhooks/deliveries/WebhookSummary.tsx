import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { formatDateTime, webhookMessages, type Webhook } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { enableWebhook, sendTestEvent } from '../api';
import { webhookKeys } from '../keys';
import { webhookTexts as t } from '../texts';
import { useWebhookMutation } from '../useWebhookMutation';
import { WebhookStatus } from '../WebhookStatus';
import { WriteGate } from '../WriteGate';
import { ReplayFailedDialog } from './ReplayFailedDialog';

type Props = { projectId: string; webhook: Webhook };

/** The webhook the console shows: its URL, status and topics, with Send test event, Replay failed and Enable. */
export const WebhookSummary = ({ projectId, webhook }: Props) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [replaying, setReplaying] = useState(false);
  const test = useMutation({
    mutationFn: () => sendTestEvent(projectId, webhook._id),
    onSuccess: async (answer) => {
      notify.success(answer.message || webhookMessages.testSent);
      await client.invalidateQueries({ queryKey: webhookKeys.log(projectId, webhook._id) });
    },
    onError: (error) => notify.error(errorText(error, webhookMessages.failed)),
  });
  const enable = useWebhookMutation(projectId, () => enableWebhook(projectId, webhook._id));
  // A disabled webhook is sent nothing, tests and replays included, until it is enabled again.
  const disabled = webhook.status === 'DISABLED' ? webhookMessages.webhookDisabled : null;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}
      data-testid="webhook-summary"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t.webhookUrl}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="webhook-url">
          {webhook.webhook_url}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.createdAt}: {formatDateTime(webhook.created_at)}
        </Typography>
        {webhook.previous_secret_expires_at && (
          <Typography variant="body2" color="text.secondary" data-testid="previous-secret-until">
            {t.previousSecretUntil(formatDateTime(webhook.previous_secret_expires_at))}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t.status}
        </Typography>
        <WebhookStatus webhook={webhook} always />
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} aria-label={t.topics} role="list">
        {webhook.topics.map((topic) => (
          <Chip key={topic} label={topic} size="small" variant="outlined" role="listitem" />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <WriteGate blocked={disabled}>
          <Button variant="contained" startIcon={<SendIcon />} loading={test.isPending} onClick={() => test.mutate()}>
            {t.sendTest}
          </Button>
        </WriteGate>
        <WriteGate blocked={disabled}>
          <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setReplaying(true)}>
            {t.replayFailed}
          </Button>
        </WriteGate>
        {webhook.status === 'DISABLED' && (
          <WriteGate>
            <Button
              variant="outlined"
              color="success"
              startIcon={<PlayArrowIcon />}
              loading={enable.isPending}
              onClick={() => enable.mutate(undefined)}
            >
              {t.enable}
            </Button>
          </WriteGate>
        )}
      </Box>
      {replaying && (
        <ReplayFailedDialog projectId={projectId} webhookId={webhook._id} onClose={() => setReplaying(false)} />
      )}
    </Paper>
  );
};
