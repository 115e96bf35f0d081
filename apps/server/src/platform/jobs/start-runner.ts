import type { Db } from '../db/open.js';
import { claimDueJobs } from './claim.js';
import type { Job, JobHandlers } from './job.js';
import { JOB_CONCURRENCY, jobEnds, settleJob, startHandlers } from './runner.js';
import { jobsSignal } from './signal.js';

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
