import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { RazorpayDisconnectReason } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { razorpayConnections } from '../../platform/db/schema.js';

/** A connection as a refresh job names it: the access token of that expiry, of that account. */
export type DueRefresh = { partnerId: string; accountId: string; expiresAt: Date };

/** Still connected with the very token the job was for: neither refreshed since, replaced nor ended. */
const sameToken = (due: DueRefresh) =>
  and(
    eq(razorpayConnections.partnerId, due.partnerId),
    eq(razorpayConnections.accountId, due.accountId),
    eq(razorpayConnections.accessTokenExpiresAt, due.expiresAt),
    isNull(razorpayConnections.revokedAt),
  );

/**
 * The new pair and its expiry in one conditional update (the new refresh token replaces the old,
 * which Razorpay has just expired). False when the connection changed meanwhile.
 */
export const storeRefreshedTokens = async (
  db: DbOrTx,
  due: DueRefresh,
  values: Pick<
    typeof razorpayConnections.$inferInsert,
    'accessTokenSealed' | 'refreshTokenSealed' | 'publicToken' | 'accessTokenExpiresAt'
  >,
) =>
  (
    await db
      .update(razorpayConnections)
      .set(values)
      .where(sameToken(due))
      .returning({ partnerId: razorpayConnections.partnerId })
  ).length === 1;

/** Razorpay ended the grant the job was for: the row stays, disconnected, saying why and when. */
export const endConnection = (db: DbOrTx, due: DueRefresh, end: { reason: RazorpayDisconnectReason; at: Date }) =>
  db.update(razorpayConnections).set({ revokedAt: end.at, disconnectedReason: end.reason }).where(sameToken(due));

/** Every connection whose access token can and must be refreshed. */
export const refreshableConnections = async (db: DbOrTx): Promise<DueRefresh[]> => {
  const rows = await db
    .select({
      partnerId: razorpayConnections.partnerId,
      accountId: razorpayConnections.accountId,
      expiresAt: razorpayConnections.accessTokenExpiresAt,
    })
    .from(razorpayConnections)
    .where(
      and(
        isNull(razorpayConnections.revokedAt),
        isNotNull(razorpayConnections.refreshTokenSealed),
        isNotNull(razorpayConnections.accessTokenExpiresAt),
      ),
    );
  return rows.flatMap((r) => (r.expiresAt ? [{ ...r, expiresAt: r.expiresAt }] : []));
};
