import { Box, Chip, Typography } from '@mui/material';
import { formatDateTime, type Webhook } from '@pc/contract';
import { webhookTexts as t } from './texts';

/** Why a webhook stopped receiving: its endpoint answered 410, or it failed for the whole retry schedule. */
export const disabledReasonText = (webhook: Pick<Webhook, 'disabledReason'>): string =>
  webhook.disabledReason === 'GONE' ? t.disabledGone : webhook.disabledReason === 'FAILING' ? t.disabledFailing : '';

/**
 * A disabled webhook's chip and why (nothing for an enabled one, unless `always`), written out rather
 * than in a tooltip so a phone shows it too.
 */
export const WebhookStatus = ({ webhook, always = false }: { webhook: Webhook; always?: boolean }) => {
  if (webhook.status === 'ENABLED')
    return always ? <Chip size="small" color="success" label={t.enabled} data-testid="webhook-status" /> : null;
  const reason = disabledReasonText(webhook);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" color="error" label={t.disabled} data-testid="webhook-status" />
      {(reason || webhook.disabledAt) && (
        <Typography variant="caption" color="text.secondary" data-testid="webhook-disabled-reason">
          {[reason, webhook.disabledAt ? formatDateTime(webhook.disabledAt) : ''].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </Box>
  );
};
