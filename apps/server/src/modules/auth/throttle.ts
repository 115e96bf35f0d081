import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { loginThrottle } from '../../platform/db/schema.js';
import { tooManyRequests } from '../../platform/errors/app-error.js';
import { countInWindow, secondsUntil } from '../../platform/http/window-counter.js';

/**
 * Attempt counters (sign-in, the change-password check, reset mails) in `login_throttle`, one row per
 * key with its window (platform/http/window-counter.ts). An attempt is counted BEFORE the thing it
 * guards (a password check, a mail) by one atomic upsert that answers the new count, so concurrent
 * attempts, from any number of server processes on one database, each see a distinct count and at
 * most `limit` of them go ahead. A success may then give its attempt back (`forgive`), which leaves
 * counting failures only.
 */
export type ThrottleRule = { key: string; limit: number; windowMs: number };

/** Typed identifiers (user names, emails) are hashed: whatever their length, the key fits the index. */
export const hashedKey = (kind: string, typed: string) =>
  `${kind}:${createHash('sha256').update(typed.trim().toLowerCase()).digest('base64url')}`;

/** Counts one attempt under each rule, in the order given, and refuses with 429 when any is over its limit. */
export const takeAttempt = async (
  db: DbOrTx,
  rules: ThrottleRule[],
  now: Date,
  message: (minutesLeft: number) => string,
) => {
  for (const rule of rules) {
    const { count, windowEndsAt } = await countInWindow(db, rule.key, rule.windowMs, now);
    if (count > rule.limit) {
      const secondsLeft = secondsUntil(windowEndsAt, now);
      throw tooManyRequests(message(Math.ceil(secondsLeft / 60)), secondsLeft);
    }
  }
};

/** Gives back an attempt that succeeded: the whole count for an account, one for an address. */
export const forgive = async (db: DbOrTx, all: string[], one: string[] = []) => {
  if (all.length) await db.delete(loginThrottle).where(sql`${loginThrottle.key} in ${all}`);
  for (const key of one) {
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(sql`${loginThrottle.key} = ${key}`);
  }
};

/**
 * Deletes counters whose window started before `before` (at least the longest window ago): each would
 * count from 1 again anyway, and without this every typed name or email ever tried keeps its row. A
 * counter that an attempt restarts meanwhile no longer matches (PostgreSQL re-reads the row) and stays.
 */
export const sweepEndedWindows = async (db: DbOrTx, before: Date) => {
  await db.delete(loginThrottle).where(sql`${loginThrottle.windowStartedAt} < ${before.toISOString()}::timestamptz`);
};
