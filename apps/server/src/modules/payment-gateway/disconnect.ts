import { paymentGatewayTexts as texts, type MessageBody } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { AppError, conflict } from '../../platform/errors/app-error.js';
import { RazorpayError } from '../../providers/razorpay/razorpay.js';
import { recordPartnerChange } from '../activity/record.js';
import { grantToRevoke } from './connect.js';
import type { PaymentGatewayCtx } from './context.js';
import { gatewayPartner } from './gateway-partner.js';
import { deleteConnection, findLiveConnection } from './queries.js';

const failed = () => new AppError('PAYMENT_GATEWAY_FAILED', 502, texts.disconnectFailed);

/**
 * `POST /razorpay/partner/t1/disconnect {partnerId}`: the grant is revoked at Razorpay first, then
 * the connection removed. When Razorpay does not revoke it (an error, an outage, tokens this server
 * can no longer open), nothing changes here and the answer is 'Failed to disconnect Razorpay', so
 * a connection the console shows as gone never leaves a live grant behind.
 */
export const disconnectRazorpay = async (
  ctx: PaymentGatewayCtx,
  viewer: AgentViewer,
  partnerId: string,
): Promise<MessageBody> => {
  const partner = await gatewayPartner(ctx, viewer, partnerId);
  // A connection Razorpay ended has no grant left to revoke: there is nothing to disconnect.
  const connection = await findLiveConnection(ctx.db, partner.id);
  if (!connection) throw conflict(texts.notConnected);
  let tokens: { accessToken: string; refreshToken: string | null };
  try {
    tokens = {
      accessToken: ctx.sealer.open(connection.accessTokenSealed),
      refreshToken: connection.refreshTokenSealed ? ctx.sealer.open(connection.refreshTokenSealed) : null,
    };
  } catch {
    throw failed();
  }
  await ctx.razorpay.revoke(grantToRevoke(tokens)).catch((error: unknown) => {
    throw error instanceof RazorpayError ? failed() : error;
  });
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteConnection(tx, partner.id, connection.accountId))) return;
    await recordPartnerChange(tx, viewer, {
      action: 'payment-gateway.disconnect',
      target: { kind: 'partner', id: partner.id, name: partner.name },
      before: { accountId: connection.accountId, mode: connection.mode },
      after: null,
    });
  });
  return { message: texts.disconnected };
};
