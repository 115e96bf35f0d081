import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './open.js';
import { platformClaims } from './schema.js';

export type ClaimKind = (typeof platformClaims.$inferInsert)['kind'];

/**
 * Claims a value for the whole platform (schema/claims.ts): true when it is now the holder's (or
 * already was), false when someone else holds it. A claim racing another for the same value waits
 * for it, and loses if that one commits. Values are compared in lower case.
 */
export const claim = async (
  db: DbOrTx,
  c: { kind: ClaimKind; value: string; partnerId: string; holderId: string },
): Promise<boolean> => {
  const value = c.value.trim().toLowerCase();
  const inserted = await db
    .insert(platformClaims)
    .values({ ...c, value })
    .onConflictDoNothing()
    .returning({ value: platformClaims.value });
  if (inserted.length > 0) return true;
  const [held] = await db
    .select({ holderId: platformClaims.holderId })
    .from(platformClaims)
    .where(and(eq(platformClaims.kind, c.kind), eq(platformClaims.value, value)));
  return held?.holderId === c.holderId;
};

/** Gives back what a holder claimed of these kinds (an ad account unselected). */
export const releaseClaims = (db: DbOrTx, holderId: string, kinds: ClaimKind[]) =>
  db.delete(platformClaims).where(and(eq(platformClaims.holderId, holderId), inArray(platformClaims.kind, kinds)));

/** Who holds a value of one of these kinds, if anyone. */
export const claimHolder = async (db: DbOrTx, kinds: ClaimKind[], value: string) =>
  (
    await db
      .select({ partnerId: platformClaims.partnerId, holderId: platformClaims.holderId })
      .from(platformClaims)
      .where(and(inArray(platformClaims.kind, kinds), eq(platformClaims.value, sql`lower(trim(${value}))`)))
      .limit(1)
  )[0];
