import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_CONNECT_REDIRECT_MS, PAYMENT_CONNECTED_REDIRECT_PATH, paymentGatewayTexts as t } from '@pc/contract';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import { useSession } from '../../session/session';
import { useNotify } from '../../ui/useNotify';
import { connectRazorpay } from './api';
import { paymentGatewayKeys } from './keys';

type Phase = { kind: 'waiting' } | { kind: 'connected' } | { kind: 'failed'; message: string };

/** Razorpay's refusal as it sent it (`error_description`), else the spec's words; also when there is no code. */
const refusalOf = (params: URLSearchParams): string | null => {
  if (!params.get('error') && params.get('code') && params.get('state')) return null;
  return params.get('error_description')?.slice(0, 300) || t.callbackFailed;
};

/**
 * /integrations/appstore/app/razorpay/auth (doc 3 section 2, signed in): where Razorpay sends the
 * browser back. It hands `code` and `state` to the connect call once (the state is single-use), shows
 * the wait, then the success with the way back to Configure Onboarding after 2 seconds (section 9),
 * or the error (section 8) with a link to the dashboard.
 */
export const RazorpayCallbackPage = () => {
  const [params] = useSearchParams();
  const { partner } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>(() => {
    const refusal = refusalOf(params);
    return refusal ? { kind: 'failed', message: refusal } : { kind: 'waiting' };
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setPhase({ kind: 'failed', message });
      notify.error(message);
    };
    const refusal = refusalOf(params);
    if (refusal || !partner) return fail(refusal ?? t.callbackFailed);
    connectRazorpay({
      state: params.get('state')!,
      code: params.get('code')!,
      domain: window.location.hostname,
      partnerId: partner.id,
    })
      .then(() => {
        setPhase({ kind: 'connected' });
        void client.invalidateQueries({ queryKey: paymentGatewayKeys.all });
      })
      .catch((error: unknown) => fail(errorText(error, t.callbackFailed)));
  }, [params, partner, notify, client]);

  useEffect(() => {
    if (phase.kind !== 'connected') return;
    const timer = window.setTimeout(
      () => navigate(PAYMENT_CONNECTED_REDIRECT_PATH, { replace: true }),
      PAYMENT_CONNECT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase.kind, navigate]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
          {t.callbackTitle}
        </Typography>
        {phase.kind === 'waiting' && (
          <Box role="status">
            <CircularProgress aria-hidden sx={{ mb: 2 }} />
            <Typography>{t.callbackWaiting}</Typography>
          </Box>
        )}
        {phase.kind === 'connected' && (
          <Box role="status">
            <CheckCircleIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
            <Typography>{t.callbackConnected}</Typography>
          </Box>
        )}
        {phase.kind === 'failed' && (
          <Box role="alert">
            <ErrorOutlineIcon color="error" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
            <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>{phase.message}</Typography>
            <Button component={RouterLink} to="/" variant="contained">
              {t.backToDashboard}
            </Button>
          </Box>
        )}
      </Paper>
    </Box>
  );
};
