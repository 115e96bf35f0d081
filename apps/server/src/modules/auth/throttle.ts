import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { messages } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { loginThrottle } from '../../platform/db/schema.js';
import { tooManyRequests } from '../../platform/errors/app-error.js';

/** Failed sign-ins allowed in one window, per account and per client address. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 30;

export type ThrottleKeys = { account: string; address: string };
// The typed user name is hashed: whatever its length, the key fits the table's index.
const accountKey = (account: string) =>
  `account:${createHash('sha256').update(account.trim().toLowerCase()).digest('base64url')}`;
const keysOf = (k: ThrottleKeys) => [accountKey(k.account), `address:${k.address}`];
const limitOf = (key: string) => (key.startsWith('account:') ? ACCOUNT_LIMIT : ADDRESS_LIMIT);

/** Refuses with 429 while either key has used up its failures in the current window. */
export const assertNotThrottled = async (db: DbOrTx, keys: ThrottleKeys, now: Date) => {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keysOf(keys)));
  for (const row of rows) {
    const endsAt = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (endsAt > now.getTime() && row.failures >= limitOf(row.key)) {
      throw tooManyRequests(messages.tooManyAttempts(Math.ceil((endsAt - now.getTime()) / 60_000)));
    }
  }
};

export const recordFailure = async (db: DbOrTx, keys: ThrottleKeys, now: Date) => {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keysOf(keys)) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        },
      });
  }
};

/** A successful sign-in forgives the account's failures (not the address's). */
export const clearAccountFailures = (db: DbOrTx, account: string) =>
  db.delete(loginThrottle).where(inArray(loginThrottle.key, [accountKey(account)]));
