import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { razorpayConnections, razorpayWebhookEvents } from '../../platform/db/schema.js';

export type WebhookEventRow = typeof razorpayWebhookEvents.$inferInsert;

/** Keeps the event once: false when its id is kept already (a delivery Razorpay repeats). */
export const recordWebhookEvent = async (db: DbOrTx, row: WebhookEventRow) =>
  (
    await db
      .insert(razorpayWebhookEvents)
      .values(row)
      .onConflictDoNothing()
      .returning({ eventId: razorpayWebhookEvents.eventId })
  ).length === 1;

export const setWebhookOutcome = (db: DbOrTx, eventId: string, outcome: string) =>
  db.update(razorpayWebhookEvents).set({ outcome }).where(eq(razorpayWebhookEvents.eventId, eventId));

/**
 * Ends, as REVOKED at `revokedAt`, every live connection of the account made before that moment.
 * Razorpay's time has whole seconds: a connection of the same second counts as before it, so only a
 * connection made after the revocation (connect again, then a late or repeated delivery) is kept.
 * Answers the partners whose connection ended.
 */
export const endAccountConnections = async (db: DbOrTx, accountId: string, revokedAt: Date) =>
  (
    await db
      .update(razorpayConnections)
      .set({ revokedAt, disconnectedReason: 'REVOKED' })
      .where(
        and(
          eq(razorpayConnections.accountId, accountId),
          isNull(razorpayConnections.revokedAt),
          lt(razorpayConnections.connectedAt, new Date(revokedAt.getTime() + 1000)),
        ),
      )
      .returning({ partnerId: razorpayConnections.partnerId })
  ).map((r) => r.partnerId);

/** Whether any partner has (or had) a connection of the account. */
export const accountIsKnown = async (db: DbOrTx, accountId: string) =>
  (
    await db
      .select({ partnerId: razorpayConnections.partnerId })
      .from(razorpayConnections)
      .where(eq(razorpayConnections.accountId, accountId))
      .limit(1)
  ).length > 0;
