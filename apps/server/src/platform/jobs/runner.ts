import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { arrayLiteral, textArray } from '../db/unnest.js';
import { groupCommit } from './group-commit.js';
import { jobsSignal } from './signal.js';

export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };
/**
 * What a handler may answer: nothing (done: the job is deleted), or `retryAt` to be run again then
 * (the job is kept, unlocked, and the run does not count as a failed attempt), or `ended` when it
 * ended the job itself, in the statement that wrote what the job did (with `jobEndsSql`), so that
 * its work and its end are one atomic write.
 */
export type JobResult = void | { retryAt: Date } | { ended: true };
/**
 * A job's work. It runs outside any transaction (network calls allowed); throwing retries it later.
 * `many`, when given, takes several claimed jobs of its kind at once and answers each one's outcome,
 * in their order: a handler can then read and write for all of them in one statement each, while
 * each job still ends on its own (a slow one holds up no other). The runner uses it when given.
 */
export type JobHandler = ((job: Job) => Promise<JobResult>) & {
  many?: (jobs: readonly Job[]) => Promise<JobResult>[];
  /**
   * How many jobs of this kind the runner keeps running at once, in a lane of their own (they take
   * none of the runner's `concurrency`): for a kind that waits on the network and comes in bursts,
   * so that a backlog of it neither waits behind the other kinds nor makes them wait.
   */
  concurrency?: number;
};
export type JobHandlers = Record<string, JobHandler>;

/** How many claimed jobs run at once by default (a kind with a `concurrency` of its own runs beside them). */
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
const jobEnds = (db: Db) =>
  groupCommit<JobEnd, void>(async (ends) => {
    await db.execute(sql`with ${jobEndsSql(ends)} select 1`);
    return [];
  });
type JobEnds = ReturnType<typeof jobEnds>;

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
const startHandlers = (handlers: JobHandlers, claimed: readonly Job[]): Promise<JobResult>[] => {
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
const settleJob = async (
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

type Lane = {
  kinds: string[];
  limit: number;
  running: number;
  /** Its last claim took every free slot: more may be due. */
  maybeMore: boolean;
  /** To be claimed for at the next claim. */
  wanted: boolean;
};

/**
 * Keeps up to `concurrency` jobs running, and up to its own `concurrency` of each kind whose
 * handler sets one (a lane each). A lane claims as many jobs as it has free slots when the runner
 * polls (every `everyMs`), when kicked (`kick()` or `jobsSignal.kick()` after a commit), and
 * whenever one of its jobs ends after a claim that filled every slot (more may be due). A job is
 * claimed only when a slot is free, so it starts at once and its lease (JOBS_LEASE_MS, 60 s) runs
 * from its start. The returned stop waits for the jobs under way.
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
  const lane = (kinds: string[], limit: number): Lane => ({
    kinds,
    limit: Math.max(1, limit),
    running: 0,
    maybeMore: false,
    wanted: false,
  });
  const kinds = Object.keys(handlers);
  const lanes = [
    lane(
      kinds.filter((k) => !handlers[k]!.concurrency),
      opts.concurrency ?? JOB_CONCURRENCY,
    ),
    ...kinds.filter((k) => handlers[k]!.concurrency).map((k) => lane([k], handlers[k]!.concurrency!)),
  ].filter((l) => l.kinds.length > 0);
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | null = null;

  const ends = jobEnds(db);

  const start = (of: Lane, claimed: readonly Job[]) => {
    const outcomes = startHandlers(handlers, claimed);
    of.running += claimed.length;
    claimed.forEach((job, i) => {
      const run = settleJob(db, ends, job, outcomes[i]!, now, opts.onError, opts.leaseMs)
        .then(() => undefined)
        .catch((error: unknown) => opts.onError(job, error))
        .finally(() => {
          running.delete(run);
          of.running -= 1;
          if (of.maybeMore) look(of);
        });
      running.add(run);
    });
  };

  const claimRound = async () => {
    for (let next = lanes.find((l) => l.wanted); next && !stopped; next = lanes.find((l) => l.wanted)) {
      next.wanted = false;
      const free = next.limit - next.running;
      if (free <= 0) continue;
      try {
        const claimed = await claimDueJobs(db, now(), free, next.kinds, opts.leaseMs);
        next.maybeMore = claimed.length === free;
        start(next, claimed);
      } catch (error) {
        // The database is away: the next poll tries again.
        for (const l of lanes) l.wanted = false;
        opts.onError(null, error);
        return;
      }
    }
  };

  const claimWanted = () => {
    if (stopped || claiming) return;
    claiming = claimRound().finally(() => {
      claiming = null;
      // Asked for while the round was ending.
      if (lanes.some((l) => l.wanted)) claimWanted();
    });
  };

  let soon = false;
  /**
   * Claims for the lane (every lane unless told) at the end of this turn of the event loop, or
   * right after the claim under way: the jobs that end in one turn free their slots for one claim.
   */
  const look = (only?: Lane) => {
    if (stopped) return;
    for (const l of only ? [only] : lanes) l.wanted = true;
    if (soon) return;
    soon = true;
    setImmediate(() => {
      soon = false;
      claimWanted();
    });
  };

  const poll = () => {
    timer = setTimeout(() => {
      look();
      if (!stopped) poll();
    }, opts.everyMs);
    timer.unref();
  };

  const kick = () => look();
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
