import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';

/**
 * Work that must survive a crash (ARCHITECTURE rule 13): written in the transaction of the change
 * that causes it, claimed with FOR UPDATE SKIP LOCKED and a lease, retried with backoff. A job that
 * succeeds is deleted; one that runs out of attempts stays with `failedAt` and its last error.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** At most one pending job per key (a second enqueue of the same key is dropped). */
    key: text('key'),
    runAt: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    failedAt: at('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.failedAt} is null`),
    uniqueIndex('jobs_key_uq')
      .on(t.key)
      .where(sql`${t.failedAt} is null`),
  ],
);
