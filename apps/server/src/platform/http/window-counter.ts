import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { loginThrottle } from '../db/schema.js';

/**
 * Counters in fixed windows kept in the database (`login_throttle`, one row per key), for the limits
 * that must hold across every server process on one PostgreSQL: a limit kept in a process's memory
 * is multiplied by the number of processes behind the load balancer. One atomic upsert counts the
 * call and answers the new count, so concurrent callers, on any process, each see a distinct count
 * (ARCHITECTURE rule 14: counted before the check it guards). A window that ended starts again at 1.
 * Rows whose window ended long ago are swept by modules/auth/attempt-sweeper.ts.
 */
export type WindowCount = { count: number; windowEndsAt: Date };

export const countInWindow = async (db: DbOrTx, key: string, windowMs: number, now: Date): Promise<WindowCount> => {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const ended = sql`${loginThrottle.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${ended} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${ended} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: loginThrottle.failures, since: loginThrottle.windowStartedAt });
  return { count: row!.count, windowEndsAt: new Date(row!.since.getTime() + windowMs) };
};

/** Whole seconds until the window ends, at least 1 (a Retry-After). */
export const secondsUntil = (windowEndsAt: Date, now: Date) =>
  Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
