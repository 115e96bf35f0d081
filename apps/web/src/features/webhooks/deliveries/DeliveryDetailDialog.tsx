import ReplayIcon from '@mui/icons-material/Replay';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  formatCount,
  formatDateTime,
  webhookMessages,
  type WebhookAttempt,
  type WebhookDeliveryDetail,
} from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { errorText } from '../../../api/errors';
import { ErrorState } from '../../../ui/ErrorState';
import { useNotify } from '../../../ui/useNotify';
import { fetchDelivery, replayDelivery } from '../api';
import { webhookKeys } from '../keys';
import { webhookTexts as t } from '../texts';
import { WriteGate } from '../WriteGate';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { prettyPayload } from './payload';

type Props = {
  projectId: string;
  webhookId: string;
  deliveryId: string;
  /** Why nothing can be replayed to the webhook now (it is disabled), or null. */
  blocked: string | null;
  onClose: () => void;
};

const mono = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  fontSize: 13,
  overflow: 'auto',
  whiteSpace: 'pre',
} as const;

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 1 } }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box sx={{ typography: 'body2', overflowWrap: 'anywhere', minWidth: 0 }}>{children}</Box>
  </Box>
);

const Attempt = ({ attempt, n }: { attempt: WebhookAttempt; n: number }) => (
  <Box
    component="li"
    sx={{
      listStyle: 'none',
      borderTop: 1,
      borderColor: 'divider',
      py: 1.5,
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr)',
      gap: 0.75,
    }}
    data-testid="delivery-attempt"
  >
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
      <Typography variant="subtitle2" component="h4">
        {t.attemptN(n)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(attempt.attemptedAt)}
      </Typography>
    </Box>
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', typography: 'body2' }}>
      <Box
        component="span"
        sx={{
          fontWeight: 600,
          color: attempt.statusCode !== null && attempt.statusCode < 300 ? 'success.main' : 'error.main',
        }}
      >
        {attempt.statusCode ?? t.noAnswer}
      </Box>
      {attempt.error && <span>{attempt.error}</span>}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t.latencyMs(formatCount(attempt.latencyMs))}
      </Box>
    </Box>
    {attempt.responseExcerpt && (
      <Box
        component="pre"
        aria-label={`${t.responseExcerpt} ${n}`}
        sx={{ ...mono, maxHeight: 160, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {attempt.responseExcerpt}
      </Box>
    )}
  </Box>
);

const Detail = ({ delivery }: { delivery: WebhookDeliveryDetail }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75 }}>
      <Line label={t.status}>
        <DeliveryStatusChip status={delivery.status} />
      </Line>
      <Line label={t.eventId}>
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {delivery.eventId}
        </Box>
      </Line>
      <Line label={t.createdAt}>{formatDateTime(delivery.createdAt)}</Line>
      {delivery.deliveredAt && <Line label={t.deliveredAt}>{formatDateTime(delivery.deliveredAt)}</Line>}
      {delivery.nextAttemptAt && <Line label={t.nextRetry}>{formatDateTime(delivery.nextAttemptAt)}</Line>}
    </Box>
    <Box component="section" aria-label={t.payload}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t.payload}
      </Typography>
      <Box component="pre" tabIndex={0} sx={{ ...mono, maxHeight: 320 }} data-testid="delivery-payload">
        {prettyPayload(delivery.payload)}
      </Box>
    </Box>
    <Box component="section" aria-label={t.attemptLog}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t.attemptLog}
      </Typography>
      {delivery.attemptLog.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.noAttempts}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0 }}>
          {delivery.attemptLog.map((attempt, i) => (
            <Attempt key={attempt._id} attempt={attempt} n={i + 1} />
          ))}
        </Box>
      )}
    </Box>
  </Box>
);

/** One delivery: its payload, every attempt (time, status code or error, latency, the answer's start) and Replay. */
export const DeliveryDetailDialog = ({ projectId, webhookId, deliveryId, blocked, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const client = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const detail = useQuery({
    queryKey: webhookKeys.delivery(projectId, webhookId, deliveryId),
    queryFn: () => fetchDelivery(projectId, webhookId, deliveryId),
    retry: false,
  });
  const replay = useMutation({
    mutationFn: () => replayDelivery(projectId, webhookId, deliveryId),
    onSuccess: async (answer) => {
      notify.success(answer.message || webhookMessages.replayed);
      await client.invalidateQueries({ queryKey: webhookKeys.log(projectId, webhookId) });
    },
    onError: (error) => notify.error(errorText(error, webhookMessages.failed)),
  });

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="delivery-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {detail.data ? t.detailTitle(detail.data.eventType) : t.detailTitle('')}
      </DialogTitle>
      <DialogContent dividers>
        {detail.isPending && (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="60%" />
            <Skeleton variant="rectangular" height={160} />
          </Box>
        )}
        {detail.isError && (
          <ErrorState error={detail.error} fallback={t.detailLoadFailed} onRetry={() => void detail.refetch()} />
        )}
        {detail.data && <Detail delivery={detail.data} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t.close}</Button>
        <WriteGate blocked={blocked ?? (detail.data?.status === 'PENDING' ? webhookMessages.deliveryPending : null)}>
          <Button
            variant="contained"
            startIcon={<ReplayIcon />}
            loading={replay.isPending}
            disabled={!detail.data}
            onClick={() => replay.mutate()}
          >
            {t.replay}
          </Button>
        </WriteGate>
      </DialogActions>
    </Dialog>
  );
};
