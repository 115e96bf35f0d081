import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { arrayLiteral, textArray } from '../db/unnest.js';
import { claimDueJobs, holdLease, JOB_LEASE_MS } from './claim.js';
import { groupCommit } from './group-commit.js';
import type { Job, JobHandler, JobHandlers, JobResult } from './job.js';

/** How many claimed jobs run at once by default (a kind with a `concurrency` of its own runs beside them). */
export const JOB_CONCURRENCY = 16;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Exponential backoff with jitter: about 5 s, 10 s, 20 s ... capped at an hour. */
export const backoffMs = (attempts: number, random: () => number = Math.random): number => {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
};
/** A job to end: done (`retryAt` null: deleted), or due again at `retryAt`. */
export type JobEnd = { id: string; retryAt: Date | null };

/**
 * The common table expressions that end jobs, for a `with` statement (so that a handler can end its
 * jobs in the statement that writes what they did, answering `ended`). A job done is deleted; one
 * due again is unlocked, due then, and its claim not counted as an attempt (one that another
 * process failed meanwhile keeps its failed_at, and is never claimed again). The jobs are found by
 * their key alone, whatever the planner's statistics (the ids travel as one array): a condition on
 * failed_at let it take the partial due index and read every pending job.
 */
export const jobEndsSql = (ends: readonly JobEnd[]): SQL => {
  const again = ends.filter((e) => e.retryAt !== null);
  const againIds = textArray(again.map((e) => e.id));
  return sql`done_jobs as (
      delete from ${jobs} where id = any(${textArray(ends.filter((e) => e.retryAt === null).map((e) => e.id))})
    ),
    again_jobs as (
      update ${jobs} set locked_until = null, run_at = x.retry_at, attempts = greatest(${jobs.attempts} - 1, 0)
      from unnest(${againIds}, ${arrayLiteral(again.map((e) => e.retryAt!.toISOString()))}::timestamptz[]) as x(id, retry_at)
      where ${jobs.id} = any(${againIds}) and ${jobs.id} = x.id
    )`;
};

/**
 * How the runner ends jobs (`jobEndsSql`): the jobs that end while a write is under way are written
 * together, one statement for all of them (group commit), so a busy runner does not pay a statement
 * a job.
 */
export const jobEnds = (db: Db) =>
  groupCommit<JobEnd, void>(async (ends) => {
    await db.execute(sql`with ${jobEndsSql(ends)} select 1`);
    return [];
  });
export type JobEnds = ReturnType<typeof jobEnds>;

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

export type OnError = (job: Job, error: unknown) => void;

/** A handler's call, a throw as a rejection. */
const callHandler = (handler: JobHandler, job: Job): Promise<JobResult> => {
  try {
    return handler(job);
  } catch (error) {
    return Promise.reject(error);
  }
};

/**
 * Starts the handlers of claimed jobs and answers each job's outcome, in the jobs' order: the jobs
 * of a kind whose handler has `many` go to it together, the others one call each.
 */
export const startHandlers = (handlers: JobHandlers, claimed: readonly Job[]): Promise<JobResult>[] => {
  const outcomes: Promise<JobResult>[] = [];
  const together = new Map<string, number[]>();
  claimed.forEach((job, i) => {
    const handler = handlers[job.kind]!;
    if (handler.many) together.set(job.kind, [...(together.get(job.kind) ?? []), i]);
    else outcomes[i] = callHandler(handler, job);
  });
  for (const [kind, at] of together) {
    let many: Promise<JobResult>[] = [];
    let thrown: unknown = new Error(`${kind}: no outcome for the job`);
    try {
      many = handlers[kind]!.many!(at.map((i) => claimed[i]!));
    } catch (error) {
      thrown = error;
    }
    at.forEach((i, k) => {
      outcomes[i] = many[k] ?? Promise.reject(thrown);
    });
  }
  return outcomes;
};

/**
 * Sees one started job through, holding its claim while it runs, and records what came of it;
 * answers whether it failed. Call it in the tick its handler started (the claim is held from then).
 */
export const settleJob = async (
  db: Db,
  ends: JobEnds,
  job: Job,
  outcome: Promise<JobResult>,
  now: () => Date,
  onError?: OnError,
  leaseMs: number = JOB_LEASE_MS,
) => {
  try {
    let result: JobResult;
    const release = holdLease(db, job, now, leaseMs);
    try {
      result = await outcome;
    } finally {
      await release();
    }
    if (!result || !('ended' in result))
      await ends({ id: job.id, retryAt: result && 'retryAt' in result ? result.retryAt : null });
    return false;
  } catch (error) {
    onError?.(job, error);
    await retryOrFail(db, job, error, now());
    return true;
  }
};

export type RunOutcome = { ran: number; failed: number };

/**
 * Runs the due jobs once (tests call this directly with their clock): up to `limit` claimed, started
 * in due order, `concurrency` of them at a time (1: one after the other).
 */
export const runDueJobs = async (
  db: Db,
  handlers: JobHandlers,
  now: () => Date,
  opts: { limit?: number; concurrency?: number; onError?: OnError; leaseMs?: number } = {},
): Promise<RunOutcome> => {
  const leaseMs = opts.leaseMs ?? JOB_LEASE_MS;
  const claimed = await claimDueJobs(db, now(), opts.limit ?? 20, Object.keys(handlers), leaseMs);
  const ends = jobEnds(db);
  const step = Math.max(1, opts.concurrency ?? JOB_CONCURRENCY);
  let failed = 0;
  for (let from = 0; from < claimed.length; from += step) {
    const group = claimed.slice(from, from + step);
    const outcomes = startHandlers(handlers, group);
    const settled = await Promise.allSettled(
      group.map((job, i) => settleJob(db, ends, job, outcomes[i]!, now, opts.onError, leaseMs)),
    );
    for (const s of settled) {
      if (s.status === 'rejected') throw s.reason;
      if (s.value) failed += 1;
    }
  }
  return { ran: claimed.length, failed };
};
