import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { jobs } from '../db/schema.js';

export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };
/** A job's work. It runs outside any transaction (network calls allowed); throwing retries it later. */
export type JobHandler = (job: Job) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** How long a claimed job is ours: a process that dies mid-job lets another take it after this. */
export const JOB_LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Exponential backoff with jitter: about 5 s, 10 s, 20 s ... capped at an hour. */
export const backoffMs = (attempts: number, random: () => number = Math.random): number => {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
};

type ClaimedRow = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: string | Date;
};

/**
 * Claims up to `limit` due jobs: their lease is set and an attempt counted in one statement, with
 * FOR UPDATE SKIP LOCKED so that several processes on one PostgreSQL never take the same job.
 */
export const claimDueJobs = async (db: Db, now: Date, limit: number, kinds: readonly string[]): Promise<Job[]> => {
  if (kinds.length === 0) return [];
  const leaseEnd = new Date(now.getTime() + JOB_LEASE_MS);
  const result = (await db.execute(sql`
    update ${jobs} set locked_until = ${leaseEnd}, attempts = attempts + 1
    where id in (
      select id from ${jobs}
      where failed_at is null and run_at <= ${now}
        and (locked_until is null or locked_until <= ${now})
        and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts, run_at`)) as { rows: ClaimedRow[] };
  // RETURNING does not keep the subquery's order: jobs due together run in due order all the same.
  const due = (r: ClaimedRow) => new Date(r.run_at).getTime();
  return [...result.rows]
    .sort((a, b) => due(a) - due(b) || (a.id < b.id ? -1 : 1))
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
    }));
};

const finish = (db: Db, job: Job) => db.delete(jobs).where(eq(jobs.id, job.id));

/** A failed attempt: again after a backoff, or kept as failed when the attempts are spent. */
const retryOrFail = async (db: Db, job: Job, error: unknown, now: Date) => {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const spent = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: message,
      ...(spent ? { failedAt: now } : { runAt: new Date(now.getTime() + backoffMs(job.attempts)) }),
    })
    .where(and(eq(jobs.id, job.id), isNull(jobs.failedAt)));
};

export type RunOutcome = { ran: number; failed: number };

/** Runs the due jobs once (tests call this directly with their clock); one at a time, in due order. */
export const runDueJobs = async (
  db: Db,
  handlers: JobHandlers,
  now: () => Date,
  opts: { limit?: number; onError?: (job: Job, error: unknown) => void } = {},
): Promise<RunOutcome> => {
  const claimed = await claimDueJobs(db, now(), opts.limit ?? 20, Object.keys(handlers));
  let failed = 0;
  for (const job of claimed) {
    try {
      await handlers[job.kind]!(job);
      await finish(db, job);
    } catch (error) {
      failed += 1;
      opts.onError?.(job, error);
      await retryOrFail(db, job, error, now());
    }
  }
  return { ran: claimed.length, failed };
};

/**
 * Polls for due jobs every `everyMs` (and at once after `kick()`), until stopped. A round that
 * filled its batch runs again straight away. The returned stop waits for the round under way.
 */
export const startJobRunner = (
  db: Db,
  handlers: JobHandlers,
  now: () => Date,
  opts: { everyMs: number; onError: (job: Job | null, error: unknown) => void },
) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const LIMIT = 20;
  const round = async () => {
    timer = undefined;
    let again = true;
    while (again && !stopped) {
      const outcome = await runDueJobs(db, handlers, now, { limit: LIMIT, onError: opts.onError }).catch(
        (error: unknown) => {
          opts.onError(null, error);
          return { ran: 0, failed: 0 };
        },
      );
      again = outcome.ran === LIMIT;
    }
    if (!stopped) schedule(opts.everyMs);
  };
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(round);
    }, ms);
    timer.unref();
  };
  schedule(0);
  return {
    /** Something was just enqueued: look soon rather than at the next poll. */
    kick: () => {
      if (!stopped) schedule(10);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
