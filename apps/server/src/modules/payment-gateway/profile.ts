import type { RazorpayProfile } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { PaymentGatewayCtx } from './context.js';
import { gatewayPartner } from './gateway-partner.js';
import { findConnection } from './queries.js';

/**
 * `POST /api/fetch-partner-razorpay-profile`: LIVE with the account's id when connected (doc 3
 * section 4); NOT_CONNECTED otherwise, saying why and when when Razorpay ended the last connection.
 */
export const razorpayProfile = async (
  ctx: PaymentGatewayCtx,
  viewer: AgentViewer,
  partnerId: string,
): Promise<RazorpayProfile> => {
  const partner = await gatewayPartner(ctx, viewer, partnerId);
  const connection = await findConnection(ctx.db, partner.id);
  if (connection && !connection.revokedAt)
    return { status: 'LIVE', merchantId: connection.accountId, disconnected: null };
  const ended = connection?.revokedAt
    ? { reason: connection.disconnectedReason ?? 'REVOKED', at: connection.revokedAt.toISOString() }
    : null;
  return { status: 'NOT_CONNECTED', merchantId: null, disconnected: ended };
};
