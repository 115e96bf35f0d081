import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { formatDateTime, type OnboardingState } from '@pc/contract';
import { useNotify } from '../../../ui/useNotify';
import { troubleshootingTexts as t } from './texts';
import { useCountdown } from './useCountdown';

/**
 * The onboarding doctor (ours): Meta's last error with what it means, the fix and the trace id
 * Meta's support asks for; the registrations left in the 72-hour window with a countdown to the
 * next; and when a registered number may be registered again.
 */
export const OnboardingDoctor = ({ state }: { state: OnboardingState }) => {
  const notify = useNotify();
  const nextFree = useCountdown(state.attempts.used > 0 ? state.attempts.nextFreeAt : null);
  const reregister = useCountdown(state.reregisterAt);
  const error = state.error;
  const copyTrace = async () => {
    if (!error?.traceId) return;
    await navigator.clipboard?.writeText(error.traceId).catch(() => undefined);
    notify.success(t.traceCopied);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="onboarding-doctor">
      {error && (
        <Alert severity="error" variant="outlined">
          <AlertTitle>
            {t.lastError}: {error.code}
            {error.subcode !== null ? ` / ${error.subcode}` : ''} · {formatDateTime(error.at)}
          </AlertTitle>
          <Typography variant="body2">{error.message}</Typography>
          <Typography variant="body2">
            <b>{t.meaning}:</b> {error.meaning}
          </Typography>
          <Typography variant="body2">
            <b>{t.fix}:</b> {error.fix}
          </Typography>
          {error.traceId && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <b>{t.trace}:</b> <code>{error.traceId}</code>{' '}
              <Button size="small" onClick={copyTrace}>
                {t.copyTrace}
              </Button>
            </Typography>
          )}
        </Alert>
      )}
      <Typography variant="body2" color={state.attempts.left <= 1 ? 'error' : 'text.secondary'} data-testid="attempts">
        {t.attempts(state.attempts.left, state.attempts.limit)}
        {nextFree ? ` · ${t.nextFree(nextFree)}` : ''}
      </Typography>
      {reregister && (
        <Typography variant="body2" color="text.secondary">
          {t.reregister(reregister)}
        </Typography>
      )}
    </Box>
  );
};
