import { paymentGatewayTexts as texts, RAZORPAY_CALLBACK_PATH, type RazorpayAuthorizeResponse } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, conflict } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { AUTH_STATE_TTL_MS, hashAuthState, newAuthState } from './auth-state.js';
import type { PaymentGatewayCtx } from './context.js';
import { gatewayPartner } from './gateway-partner.js';
import { findLiveConnection, forgetExpiredAuthStates, insertAuthState } from './queries.js';

/**
 * `POST /razorpay/partner/t1/authorize` (ours): the authorisation page's address with a fresh
 * state, stored hashed with the partner, the agent, the redirect URI and a 10-minute expiry. Refused
 * without billing details (Razorpay needs them) and while an account is connected (one Razorpay
 * ended is not: the partner connects again). The partner's
 * expired states are swept here, so the table holds only the last ten minutes' worth.
 */
export const startAuthorisation = async (
  ctx: PaymentGatewayCtx,
  viewer: AgentViewer,
  partnerId: string,
): Promise<RazorpayAuthorizeResponse> => {
  const partner = await gatewayPartner(ctx, viewer, partnerId);
  if (!partner.billingAddress) throw badRequest(texts.noBillingAddress);
  if (await findLiveConnection(ctx.db, partner.id)) throw conflict(texts.alreadyConnected);
  const now = ctx.now();
  const state = newAuthState();
  const redirectUri = `${ctx.env.publicUrl}${RAZORPAY_CALLBACK_PATH}`;
  await ctx.db.transaction(async (tx) => {
    await forgetExpiredAuthStates(tx, partner.id, now);
    await insertAuthState(tx, {
      stateHash: hashAuthState(state),
      partnerId: partner.id,
      agentId: viewer.agentId,
      redirectUri,
      expiresAt: new Date(now.getTime() + AUTH_STATE_TTL_MS),
    });
    // That the member went to Razorpay's page, not the state: it would let a reader finish the connection.
    await recordPartnerChange(tx, viewer, {
      action: 'payment-gateway.authorize',
      target: { kind: 'partner', id: partner.id, name: partner.name },
    });
  });
  return { url: ctx.razorpay.authorizeUrl({ state, redirectUri }) };
};
