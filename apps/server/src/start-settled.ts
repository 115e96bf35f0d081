import { and, count, isNull, lte } from 'drizzle-orm';
import type { Db } from './platform/db/open.js';
import { jobs } from './platform/db/schema.js';

/**
 * Resolves once no job is due (the demo's first mails and webhook deliveries, the renewals and checks
 * a start runs), or after `atMostMs`: the start-up block is printed then, after the start-up's own
 * lines, so that they do not scroll it away. Jobs are not tenant rows: the count names no partner. A
 * database that never empties its queue (several processes, a backlog) only delays the block by the bound.
 */
export const startUpJobsDone = async (db: Db, now: () => Date, { atMostMs = 10_000, everyMs = 100 } = {}) => {
  const until = Date.now() + atMostMs;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    try {
      const [due] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(isNull(jobs.failedAt), lte(jobs.runAt, now())));
      if ((due?.n ?? 0) === 0) return;
    } catch {
      return; // the database is away: the block is printed now, the failure is logged where it matters
    }
  }
};
