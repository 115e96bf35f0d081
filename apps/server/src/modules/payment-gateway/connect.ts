import { paymentGatewayTexts as texts, type MessageBody, type RazorpayConnectRequest } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { AppError, badRequest, conflict } from '../../platform/errors/app-error.js';
import { RazorpayError, type RazorpayGrant } from '../../providers/razorpay/razorpay.js';
import { recordPartnerChange } from '../activity/record.js';
import { hashAuthState } from './auth-state.js';
import type { PaymentGatewayCtx } from './context.js';
import { gatewayPartner } from './gateway-partner.js';
import { consumeAuthState, findLiveConnection, insertConnection } from './queries.js';
import { enqueueRefresh } from './refresh-schedule.js';

/**
 * What the callback page shows when Razorpay refuses the code: its description (doc 3 section 8),
 * else the spec's fallback; an outage is a 502 with the fallback.
 */
const exchangeRefused = (error: unknown): never => {
  if (!(error instanceof RazorpayError)) throw error;
  if (error.refused) throw badRequest(error.description.slice(0, 500) || texts.callbackFailed);
  throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 502, texts.callbackFailed);
};

/**
 * `POST /razorpay/partner/t1/connect {state, code, domain, partnerId}` from the callback page. The
 * state is taken first, in one conditional update: it must be one this server issued to this agent
 * of this partner, unused and unexpired, so a forged, replayed or foreign callback connects nothing
 * (400, and another partner's state stays usable by its owner). Only then is the code exchanged,
 * with the redirect URI stored with the state (never one from the request: `domain` is taken as the
 * spec sends it and not relied on). No transaction is held over the network call: the connection
 * is one insert that a concurrent callback's cannot double (the loser's fresh grant is revoked),
 * replacing a connection Razorpay ended, with the access token's refresh scheduled in its transaction.
 */
export const connectRazorpay = async (
  ctx: PaymentGatewayCtx,
  viewer: AgentViewer,
  body: RazorpayConnectRequest,
): Promise<MessageBody> => {
  const partner = await gatewayPartner(ctx, viewer, body.partnerId);
  if (!partner.billingAddress) throw badRequest(texts.noBillingAddress);
  const state = await consumeAuthState(ctx.db, {
    stateHash: hashAuthState(body.state),
    partnerId: partner.id,
    agentId: viewer.agentId,
    now: ctx.now(),
  });
  if (!state) throw badRequest(texts.invalidState);
  if (await findLiveConnection(ctx.db, partner.id)) throw conflict(texts.alreadyConnected);

  const grant: RazorpayGrant = await ctx.razorpay
    .exchangeCode({ code: body.code, redirectUri: state.redirectUri })
    .catch(exchangeRefused);
  const now = ctx.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    const made = await insertConnection(tx, {
      partnerId: partner.id,
      accountId: grant.accountId,
      mode: grant.mode,
      accessTokenSealed: ctx.sealer.seal(grant.accessToken),
      refreshTokenSealed: grant.refreshToken ? ctx.sealer.seal(grant.refreshToken) : null,
      publicToken: grant.publicToken,
      accessTokenExpiresAt: grant.accessTokenExpiresAt,
      connectedBy: viewer.agentId,
      connectedAt: now,
    });
    const expiresAt = grant.accessTokenExpiresAt;
    if (made && expiresAt && grant.refreshToken)
      await enqueueRefresh(tx, { partnerId: partner.id, accountId: grant.accountId, expiresAt }, now);
    // The account connected, never its tokens.
    if (made)
      await recordPartnerChange(tx, viewer, {
        action: 'payment-gateway.connect',
        target: { kind: 'partner', id: partner.id, name: partner.name },
        before: null,
        after: { accountId: grant.accountId, mode: grant.mode },
      });
    return made;
  });
  if (!inserted) {
    await ctx.razorpay.revoke(grantToRevoke(grant)).catch(() => undefined);
    throw conflict(texts.alreadyConnected);
  }
  return { message: texts.connectedMessage };
};

/** A refresh token's revocation ends the whole grant (RFC 7009); without one, the access token's. */
export const grantToRevoke = (grant: { accessToken: string; refreshToken: string | null }) =>
  grant.refreshToken
    ? { token: grant.refreshToken, tokenTypeHint: 'refresh_token' as const }
    : { token: grant.accessToken, tokenTypeHint: 'access_token' as const };
