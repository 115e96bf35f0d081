import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { razorpayAuthStates, razorpayConnections } from '../../platform/db/schema.js';

export type RazorpayConnectionRow = typeof razorpayConnections.$inferSelect;
type NewConnection = typeof razorpayConnections.$inferInsert & { partnerId: string; connectedAt: Date };

/** The partner's row, connected or ended by Razorpay (`revokedAt` set). */
export const findConnection = async (db: DbOrTx, partnerId: string): Promise<RazorpayConnectionRow | undefined> =>
  (await db.select().from(razorpayConnections).where(eq(razorpayConnections.partnerId, partnerId)))[0];

/** The partner's connection while Razorpay's grant holds; a row Razorpay ended is none. */
export const findLiveConnection = async (db: DbOrTx, partnerId: string) => {
  const row = await findConnection(db, partnerId);
  return row && !row.revokedAt ? row : undefined;
};

/**
 * The partner's connection, unless it has a live one already (then nothing is written: false). A
 * row Razorpay ended is replaced whole, in the same statement, so of two callbacks at once still
 * exactly one connects.
 */
export const insertConnection = async (db: DbOrTx, row: NewConnection) => {
  const { partnerId: _key, ...values } = row;
  return (
    (
      await db
        .insert(razorpayConnections)
        .values(row)
        .onConflictDoUpdate({
          target: razorpayConnections.partnerId,
          set: { ...values, revokedAt: null, disconnectedReason: null },
          setWhere: isNotNull(razorpayConnections.revokedAt),
        })
        .returning({ partnerId: razorpayConnections.partnerId })
    ).length === 1
  );
};

/** Removes the connection of that account only: one made since by another callback stays. False: none was removed. */
export const deleteConnection = async (db: DbOrTx, partnerId: string, accountId: string) =>
  (
    await db
      .delete(razorpayConnections)
      .where(and(eq(razorpayConnections.partnerId, partnerId), eq(razorpayConnections.accountId, accountId)))
      .returning({ accountId: razorpayConnections.accountId })
  ).length > 0;

export const insertAuthState = (db: DbOrTx, row: typeof razorpayAuthStates.$inferInsert) =>
  db.insert(razorpayAuthStates).values(row);

/**
 * Takes a state for this agent of this partner: one conditional update, so of two callbacks
 * carrying it at once exactly one gets the row; a used, expired, forged or foreign state gets none.
 */
export const consumeAuthState = async (
  db: DbOrTx,
  key: { stateHash: string; partnerId: string; agentId: string; now: Date },
) =>
  (
    await db
      .update(razorpayAuthStates)
      .set({ usedAt: key.now })
      .where(
        and(
          eq(razorpayAuthStates.stateHash, key.stateHash),
          eq(razorpayAuthStates.partnerId, key.partnerId),
          eq(razorpayAuthStates.agentId, key.agentId),
          isNull(razorpayAuthStates.usedAt),
          gt(razorpayAuthStates.expiresAt, key.now),
        ),
      )
      .returning({ redirectUri: razorpayAuthStates.redirectUri })
  )[0];

/** The partner's states past their expiry, used or not, can do nothing more: their rows go. */
export const forgetExpiredAuthStates = (db: DbOrTx, partnerId: string, now: Date) =>
  db
    .delete(razorpayAuthStates)
    .where(and(eq(razorpayAuthStates.partnerId, partnerId), lt(razorpayAuthStates.expiresAt, now)));
