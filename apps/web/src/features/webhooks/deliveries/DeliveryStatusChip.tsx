import { Chip, type ChipProps } from '@mui/material';
import type { WebhookDeliveryStatus } from '@pc/contract';
import { webhookTexts as t } from '../texts';

const colors: Record<WebhookDeliveryStatus, ChipProps['color']> = {
  DELIVERED: 'success',
  PENDING: 'warning',
  FAILED: 'error',
};

/** A delivery's state: waiting (first try or a retry), delivered, or failed for good (a dead letter, replayable). */
export const DeliveryStatusChip = ({ status }: { status: WebhookDeliveryStatus }) => (
  <Chip size="small" color={colors[status]} label={t.deliveryStatus[status]} data-testid="delivery-status" />
);
