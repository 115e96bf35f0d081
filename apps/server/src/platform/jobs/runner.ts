import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { jobsSignal } from './signal.js';

export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };
/**
 * What a handler may answer: nothing (done: the job is deleted), or `retryAt` to be run again then
 * (the job is kept, unlocked, and the run does not count as a failed attempt).
 */
export type JobResult = void | { retryAt: Date };
/** A job's work. It runs outside any transaction (network calls allowed); throwing retries it later. */
export type JobHandler = (job: Job) => Promise<JobResult>;
export type JobHandlers = Record<string, JobHandler>;

/** How many claimed jobs run at once by default: most are network-bound (webhook deliveries). */
export const JOB_CONCURRENCY = 16;

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
const holdLease = (db: Db, job: Job, now: () => Date, leaseMs: number) => {
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

const finish = (db: Db, job: Job) => db.delete(jobs).where(eq(jobs.id, job.id));

/** The handler asked to run again later: unlocked, due then, and its claim not counted as an attempt. */
const reschedule = (db: Db, job: Job, runAt: Date) =>
  db
    .update(jobs)
    .set({ lockedUntil: null, runAt, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(eq(jobs.id, job.id), isNull(jobs.failedAt)));

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

type OnError = (job: Job, error: unknown) => void;

/** Runs one claimed job, holding its claim, and records what came of it; answers whether it failed. */
const runJob = async (
  db: Db,
  handlers: JobHandlers,
  job: Job,
  now: () => Date,
  onError?: OnError,
  leaseMs: number = JOB_LEASE_MS,
) => {
  try {
    let result: JobResult;
    const release = holdLease(db, job, now, leaseMs);
    try {
      result = await handlers[job.kind]!(job);
    } finally {
      await release();
    }
    if (result && 'retryAt' in result) await reschedule(db, job, result.retryAt);
    else await finish(db, job);
    return false;
  } catch (error) {
    onError?.(job, error);
    await retryOrFail(db, job, error, now());
    return true;
  }
};

/** Runs `items` with at most `limit` of them at once, each started in order. */
const eachLimited = async <T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) => {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
};

export type RunOutcome = { ran: number; failed: number };

/**
 * Runs the due jobs once (tests call this directly with their clock): up to `limit` claimed, started
 * in due order, `concurrency` of them at once (1: one after the other).
 */
export const runDueJobs = async (
  db: Db,
  handlers: JobHandlers,
  now: () => Date,
  opts: { limit?: number; concurrency?: number; onError?: OnError; leaseMs?: number } = {},
): Promise<RunOutcome> => {
  const leaseMs = opts.leaseMs ?? JOB_LEASE_MS;
  const claimed = await claimDueJobs(db, now(), opts.limit ?? 20, Object.keys(handlers), leaseMs);
  let failed = 0;
  await eachLimited(claimed, opts.concurrency ?? JOB_CONCURRENCY, async (job) => {
    if (await runJob(db, handlers, job, now, opts.onError, leaseMs)) failed += 1;
  });
  return { ran: claimed.length, failed };
};

/**
 * Keeps up to `concurrency` jobs running: claims as many as there are free slots when it polls
 * (every `everyMs`), when kicked (`kick()` or `jobsSignal.kick()` after a commit), and whenever a
 * job ends after a claim that filled every slot (more may be due). A job is claimed only when a slot
 * is free, so it starts at once and its lease (JOBS_LEASE_MS, 60 s) runs from its start. The returned stop waits
 * for the jobs under way.
 */
export const startJobRunner = (
  db: Db,
  handlers: JobHandlers,
  now: () => Date,
  opts: {
    everyMs: number;
    concurrency?: number;
    /** How long a claimed job is this process's (JOBS_LEASE_MS); JOB_LEASE_MS unless told. */
    leaseMs?: number;
    onError: (job: Job | null, error: unknown) => void;
  },
) => {
  const concurrency = Math.max(1, opts.concurrency ?? JOB_CONCURRENCY);
  const kinds = Object.keys(handlers);
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | null = null;
  let lookAgain = false;
  let maybeMore = false;

  const start = (job: Job) => {
    const run = runJob(db, handlers, job, now, opts.onError, opts.leaseMs)
      .then(() => undefined)
      .catch((error: unknown) => opts.onError(job, error))
      .finally(() => {
        running.delete(run);
        if (maybeMore) look();
      });
    running.add(run);
  };

  const claimRound = async () => {
    do {
      lookAgain = false;
      const free = concurrency - running.size;
      if (stopped || free <= 0) return;
      try {
        const claimed = await claimDueJobs(db, now(), free, kinds, opts.leaseMs);
        maybeMore = claimed.length === free;
        for (const job of claimed) start(job);
      } catch (error) {
        opts.onError(null, error);
        return;
      }
    } while (lookAgain);
  };

  /** Claims now, or once more right after the claim under way (something may have been committed meanwhile). */
  const look = () => {
    if (stopped) return;
    if (claiming) {
      lookAgain = true;
      return;
    }
    claiming = claimRound().finally(() => {
      claiming = null;
    });
  };

  const poll = () => {
    timer = setTimeout(() => {
      look();
      if (!stopped) poll();
    }, opts.everyMs);
    timer.unref();
  };

  const kick = () => {
    if (!stopped) setImmediate(look);
  };
  const unsubscribe = jobsSignal.subscribe(kick);
  look();
  poll();
  return {
    /** Something was just enqueued: look now rather than at the next poll. */
    kick,
    stop: async () => {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await claiming;
      await Promise.all(running);
    },
  };
};
