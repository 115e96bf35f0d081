import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import {
  displayedMerchantId,
  formatDate,
  hasPermission,
  messages,
  noPermissionText,
  paymentGatewayTexts as t,
  type Partner,
  type RazorpayProfile,
} from '@pc/contract';
import { useEffect, useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useConnectRazorpay } from '../payment-gateway/useConnectRazorpay';
import { useDisconnectRazorpay, useRazorpayProfile } from '../payment-gateway/usePaymentGateway';

/** Why Razorpay ended the last connection, and when (the partner did not disconnect it). */
const endedNotice = (ended: NonNullable<RazorpayProfile['disconnected']>) =>
  ended.reason === 'REFRESH_REFUSED'
    ? t.refreshRefusedNotice(formatDate(ended.at))
    : t.revokedNotice(formatDate(ended.at));

/**
 * The payment gateway on Configure Onboarding (doc 3 section 2): LIVE shows the connection with the
 * merchant id without its first 4 characters and Disconnect after a confirmation; otherwise Connect,
 * disabled without billing details ('No billing address found!') and without manage write, opening
 * the authorisation page in a new tab with a spinner while it is under way. When Razorpay ended the
 * last connection (the merchant revoked the access, or Razorpay refused to renew it) a warning says
 * so, with the date, above the same Connect. The spec shows it when the partner has "no special
 * flag" and the agent "passes a separate check", naming neither: the page is already DIRECT-free
 * and manage-read, and the server holds the same rules.
 */
export const PaymentGatewaySection = ({ partner }: { partner: Partner }) => {
  const { viewer } = useSession();
  const { connect, connecting, done } = useConnectRazorpay(partner.id);
  const profile = useRazorpayProfile(partner.id, connecting);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectRazorpay(partner.id, () => setConfirming(false));
  const live = profile.data?.status === 'LIVE';

  useEffect(() => {
    if (connecting && live) done();
  }, [connecting, live, done]);

  const canWrite = hasPermission(viewer, 'manage.write');
  const hasAddress = partner.billingAddress !== null;
  const whyNot = !canWrite ? noPermissionText('manage.write') : !hasAddress ? t.noBillingAddress : null;
  const connectButton = (
    <Button variant="contained" loading={connecting} disabled={whyNot !== null} onClick={() => void connect()}>
      {t.connect}
    </Button>
  );

  return (
    <Paper component="section" aria-label={t.title} sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t.title}
        </Typography>
        {live && (
          <Chip icon={<CheckCircleIcon />} label={t.connectedChip} color="success" size="small" variant="outlined" />
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t.intro}
      </Typography>

      {profile.isPending ? (
        <CircularProgress size={24} sx={{ mt: 2 }} aria-label="Loading the payment gateway" />
      ) : profile.isError ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              Retry
            </Button>
          }
        >
          {messages.connectionFailure}
        </Alert>
      ) : live ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{t.connected}</Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t.merchantId}:{' '}
              <Box
                component="span"
                data-testid="razorpay-merchant-id"
                sx={{ fontFamily: 'monospace', color: 'text.primary' }}
              >
                {displayedMerchantId(profile.data.merchantId ?? '')}
              </Box>
            </Typography>
          </Box>
          <Permitted permission="manage.write">
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              {t.disconnect}
            </Button>
          </Permitted>
        </Stack>
      ) : (
        <Box sx={{ mt: 2 }}>
          {profile.data.disconnected && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="razorpay-ended">
              {endedNotice(profile.data.disconnected)}
            </Alert>
          )}
          <Typography sx={{ mb: 1.5 }}>{t.notConnected}</Typography>
          {!hasAddress && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t.addBillingDetails}
            </Alert>
          )}
          {whyNot ? (
            <Tooltip title={whyNot}>
              {/* A disabled button gets no pointer events; the span carries the tooltip. */}
              <span style={{ display: 'inline-flex' }} tabIndex={0} data-testid="connect-disabled">
                {connectButton}
              </span>
            </Tooltip>
          ) : (
            connectButton
          )}
          {connecting && (
            <Typography color="text.secondary" variant="body2" sx={{ mt: 1.5 }} role="status">
              {t.connectingHint}
            </Typography>
          )}
        </Box>
      )}

      <ConfirmDialog
        open={confirming}
        title={t.disconnectTitle}
        text={t.disconnectText}
        confirmLabel={t.disconnect}
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
};
