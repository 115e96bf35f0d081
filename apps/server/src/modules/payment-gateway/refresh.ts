import { RazorpayError, type RazorpayRefreshed } from '../../providers/razorpay/razorpay.js';
import { grantToRevoke } from './connect.js';
import type { PaymentGatewayCtx } from './context.js';
import { findLiveConnection } from './queries.js';
import { enqueueRefresh } from './refresh-schedule.js';
import { endConnection, storeRefreshedTokens, type DueRefresh } from './refresh-queries.js';

export type RefreshOutcome = 'refreshed' | 'stale' | 'disconnected';

/**
 * The refresh job's rule (Razorpay's Refresh Token API). A job whose token is no longer the
 * connection's (disconnected, ended, connected again, or refreshed already) does nothing. Razorpay's
 * refusal of the refresh token ends the grant: the connection is marked disconnected (REFRESH_REFUSED)
 * and not tried again. An outage throws, so the job runner retries it with its backoff. Otherwise
 * the new pair and expiry are stored in one update with the next refresh scheduled in the same
 * transaction; no transaction is held over the call to Razorpay.
 */
export const refreshConnection = async (ctx: PaymentGatewayCtx, due: DueRefresh): Promise<RefreshOutcome> => {
  const row = await findLiveConnection(ctx.db, due.partnerId);
  if (
    !row?.refreshTokenSealed ||
    row.accountId !== due.accountId ||
    row.accessTokenExpiresAt?.getTime() !== due.expiresAt.getTime()
  )
    return 'stale';
  // Unreadable (TOKEN_SECRET changed): thrown and retried, in case the secret is put back.
  const refreshToken = ctx.sealer.open(row.refreshTokenSealed);

  let fresh: RazorpayRefreshed;
  try {
    fresh = await ctx.razorpay.refresh({ refreshToken });
  } catch (error) {
    if (!(error instanceof RazorpayError && error.grantRefused)) throw error;
    await endConnection(ctx.db, due, { reason: 'REFRESH_REFUSED', at: ctx.now() });
    return 'disconnected';
  }

  const stored = await ctx.db.transaction(async (tx) => {
    const next = fresh.accessTokenExpiresAt;
    const saved = await storeRefreshedTokens(tx, due, {
      accessTokenSealed: ctx.sealer.seal(fresh.accessToken),
      refreshTokenSealed: ctx.sealer.seal(fresh.refreshToken ?? refreshToken),
      publicToken: fresh.publicToken ?? row.publicToken,
      accessTokenExpiresAt: next,
    });
    if (saved && next) await enqueueRefresh(tx, { ...due, expiresAt: next }, ctx.now());
    return saved;
  });
  if (stored) return 'refreshed';
  // Ended or replaced while Razorpay answered: the pair just issued must not outlive it.
  await ctx.razorpay.revoke(grantToRevoke(fresh)).catch(() => undefined);
  return 'stale';
};
