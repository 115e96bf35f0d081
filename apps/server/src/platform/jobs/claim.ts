import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { textArray } from '../db/unnest.js';
import type { Job } from './job.js';

/** How long a claimed job is ours: a process that dies mid-job lets another take it after this. */
export const JOB_LEASE_MS = 60_000;

type ClaimedRow = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: string | Date;
};

/** When this process's claim of a job ends: set by the claim, moved on by `holdLease`. */
const leaseEnds = new WeakMap<Job, Date>();

/**
 * Claims up to `limit` due jobs: their lease is set and an attempt counted in one statement, with
 * FOR UPDATE SKIP LOCKED so that several processes on one PostgreSQL never take the same job.
 */
export const claimDueJobs = async (
  db: Db,
  now: Date,
  limit: number,
  kinds: readonly string[],
  leaseMs: number = JOB_LEASE_MS,
): Promise<Job[]> => {
  if (kinds.length === 0) return [];
  const leaseEnd = new Date(now.getTime() + leaseMs);
  // claim_due_jobs (migration 0050): the statement, planned to walk the due jobs in order.
  const result = (await db.execute(sql`
    select * from claim_due_jobs(${now.toISOString()}::timestamptz, ${leaseEnd.toISOString()}::timestamptz,
      ${textArray(kinds)}, ${limit}::integer)`)) as { rows: ClaimedRow[] };
  // RETURNING does not keep the subquery's order: jobs due together run in due order all the same.
  const due = (r: ClaimedRow) => new Date(r.run_at).getTime();
  return [...result.rows]
    .sort((a, b) => due(a) - due(b) || (a.id < b.id ? -1 : 1))
    .map((r) => {
      const job = { id: r.id, kind: r.kind, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts };
      leaseEnds.set(job, leaseEnd);
      return job;
    });
};

/**
 * Keeps a running job's claim while it runs: every third of the lease its end moves a lease on from
 * now, only while the claim is still this process's (its end the one this process set). So a run
 * longer than the lease (renewals with a backlog, a big ads sync) is not taken and run a second time
 * by another process; a process that dies stops renewing, and its job is taken within one lease.
 * Answers the stop, which waits for a renewal under way.
 */
export const holdLease = (db: Db, job: Job, now: () => Date, leaseMs: number) => {
  let end = leaseEnds.get(job);
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      const held = end;
      if (!held) return;
      const next = new Date(now().getTime() + leaseMs);
      renewing = db
        .update(jobs)
        .set({ lockedUntil: next })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedUntil, held)))
        .returning({ id: jobs.id })
        .then(
          (rows) => {
            end = rows.length > 0 ? next : undefined;
          },
          // The database is away: the next tick tries again, while the claim lasts.
          () => undefined,
        );
    },
    Math.max(1000, leaseMs / 3),
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await renewing;
  };
};
