import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { enqueue } from './queue.js';
import type { Job, JobHandler } from './job.js';
import { jobEndsSql, runDueJobs } from './runner.js';
import { startJobRunner } from './start-runner.js';
import { jobsSignal } from './signal.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: false });
});
afterAll(() => database.close());

const at = (iso: string) => new Date(iso);
const clear = () => database.db.delete(jobs);
const rowOf = async (kind: string) => (await database.db.select().from(jobs).where(eq(jobs.kind, kind)))[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Handlers that take `ms` each and record how many ran at once. */
const busy = (ms: number) => {
  const seen = { now: 0, max: 0, done: 0 };
  const handler: JobHandler = async () => {
    seen.now += 1;
    seen.max = Math.max(seen.max, seen.now);
    await sleep(ms);
    seen.now -= 1;
    seen.done += 1;
  };
  return { seen, handler };
};

describe('a handler that asks to run again later', () => {
  it('keeps its job, unlocked, due at retryAt, without counting a failed attempt', async () => {
    await clear();
    await enqueue(database.db, { kind: 'again', payload: {}, runAt: at('2026-01-01T10:00:00Z'), maxAttempts: 1 });
    let runs = 0;
    const handlers = {
      again: async () => {
        runs += 1;
        return runs < 3 ? { retryAt: at(`2026-01-01T1${runs}:00:00Z`) } : undefined;
      },
    };
    expect(await runDueJobs(database.db, handlers, () => at('2026-01-01T10:00:00Z'))).toEqual({ ran: 1, failed: 0 });
    expect(await rowOf('again')).toMatchObject({
      runAt: at('2026-01-01T11:00:00Z'),
      attempts: 0,
      lockedUntil: null,
      failedAt: null,
      lastError: null,
    });
    expect((await runDueJobs(database.db, handlers, () => at('2026-01-01T10:59:59Z'))).ran).toBe(0);
    // maxAttempts 1 and a third run: rescheduling never spends the job's attempts.
    await runDueJobs(database.db, handlers, () => at('2026-01-01T11:00:00Z'));
    await runDueJobs(database.db, handlers, () => at('2026-01-01T12:00:00Z'));
    expect(runs).toBe(3);
    expect(await rowOf('again')).toBeUndefined();
  });
});

describe('concurrency', () => {
  it('runs the claimed jobs up to `concurrency` at once', async () => {
    await clear();
    for (let i = 0; i < 6; i += 1)
      await enqueue(database.db, { kind: 'net', payload: { i }, runAt: at('2026-01-01T10:00:00Z') });
    const three = busy(60);
    await runDueJobs(database.db, { net: three.handler }, () => at('2026-01-01T10:00:00Z'), { concurrency: 3 });
    expect(three.seen).toMatchObject({ max: 3, done: 6 });

    for (let i = 0; i < 6; i += 1)
      await enqueue(database.db, { kind: 'net', payload: { i }, runAt: at('2026-01-01T10:00:00Z') });
    const all = busy(60);
    await runDueJobs(database.db, { net: all.handler }, () => at('2026-01-01T10:00:00Z'));
    expect(all.seen).toMatchObject({ max: 6, done: 6 });
  });
});

describe('the runner', () => {
  it('looks at once when kicked after a commit, and keeps at most `concurrency` jobs running', async () => {
    await clear();
    const work = busy(50);
    const runner = startJobRunner(database.db, { net: work.handler }, () => new Date(), {
      everyMs: 60_000,
      concurrency: 2,
      onError: (_job, error) => {
        throw error;
      },
    });
    try {
      await sleep(100);
      for (let i = 0; i < 7; i += 1) await enqueue(database.db, { kind: 'net', payload: { i }, runAt: new Date() });
      // Not kicked: the next poll is a minute away.
      await sleep(300);
      expect(work.seen.done).toBe(0);
      const kicked = performance.now();
      jobsSignal.kick();
      while (work.seen.done < 7 && performance.now() - kicked < 5_000) await sleep(10);
      expect(work.seen).toMatchObject({ done: 7, max: 2 });
      // 7 jobs of 50 ms, two at a time, one claim after another as slots free up.
      expect(performance.now() - kicked).toBeLessThan(2_000);
      // The last job's row goes once its handler has returned, just after it counted itself done.
      let left = (await database.db.select().from(jobs)).length;
      while (left > 0 && performance.now() - kicked < 5_000) {
        await sleep(10);
        left = (await database.db.select().from(jobs)).length;
      }
      expect(left).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('stops after the jobs under way, and a kick after stop does nothing', async () => {
    await clear();
    const work = busy(200);
    const runner = startJobRunner(database.db, { net: work.handler }, () => new Date(), {
      everyMs: 60_000,
      onError: () => {},
    });
    await enqueue(database.db, { kind: 'net', payload: {}, runAt: new Date() });
    runner.kick();
    while (work.seen.now === 0) await sleep(5);
    await runner.stop();
    expect(work.seen.done).toBe(1);
    await enqueue(database.db, { kind: 'net', payload: {}, runAt: new Date() });
    jobsSignal.kick();
    await sleep(100);
    expect(work.seen.done).toBe(1);
  });
});

describe('a handler that takes its jobs together (`many`)', () => {
  it('gets the claimed jobs of its kind in one call, and each job ends as its own outcome says', async () => {
    await clear();
    for (const n of [4, 1, 3, 2])
      await enqueue(database.db, { kind: 'batch', payload: { n }, runAt: at(`2026-01-01T09:5${n}:00Z`) });
    const calls: number[][] = [];
    const outcome = (job: Job) => {
      if (job.payload.n === 2) return Promise.resolve({ retryAt: at('2026-01-01T11:00:00Z') });
      if (job.payload.n === 3) return Promise.reject(new Error('receiver away'));
      return Promise.resolve();
    };
    const handler: JobHandler = Object.assign(outcome, {
      many: (claimed: readonly Job[]) => {
        calls.push(claimed.map((j) => j.payload.n as number));
        return claimed.map(outcome);
      },
    });
    expect(await runDueJobs(database.db, { batch: handler }, () => at('2026-01-01T10:00:00Z'))).toEqual({
      ran: 4,
      failed: 1,
    });
    // In the order they fell due.
    expect(calls).toEqual([[1, 2, 3, 4]]);
    const left = await database.db.select().from(jobs).where(eq(jobs.kind, 'batch'));
    expect(left.map((j) => [j.payload.n, j.runAt.toISOString(), j.attempts, j.lastError]).sort()).toEqual([
      [2, '2026-01-01T11:00:00.000Z', 0, null],
      [3, expect.any(String), 1, 'receiver away'],
    ]);
  });

  it('may end its jobs in its own statement (`ended`): the job goes with the work it did', async () => {
    await clear();
    await enqueue(database.db, { kind: 'self', payload: {}, runAt: at('2026-01-01T10:00:00Z') });
    await enqueue(database.db, { kind: 'self', payload: { again: true }, runAt: at('2026-01-01T10:00:00Z') });
    const handler: JobHandler = async (job) => {
      const retryAt = job.payload.again ? at('2026-01-01T12:00:00Z') : null;
      await database.db.execute(sql`with ${jobEndsSql([{ id: job.id, retryAt }])} select 1`);
      return { ended: true };
    };
    await runDueJobs(database.db, { self: handler }, () => at('2026-01-01T10:00:00Z'));
    const left = await database.db.select().from(jobs).where(eq(jobs.kind, 'self'));
    expect(left).toMatchObject([{ payload: { again: true }, runAt: at('2026-01-01T12:00:00Z'), lockedUntil: null }]);
  });
});

describe('a kind with a concurrency of its own (a lane)', () => {
  it('runs up to its own limit, and a backlog of it does not hold up the other kinds', async () => {
    await clear();
    const lane = busy(100);
    const other = busy(10);
    const laneHandler: JobHandler = Object.assign(lane.handler, { concurrency: 3 });
    for (let i = 0; i < 9; i += 1) await enqueue(database.db, { kind: 'burst', payload: { i }, runAt: new Date() });
    const runner = startJobRunner(database.db, { burst: laneHandler, mail: other.handler }, () => new Date(), {
      everyMs: 60_000,
      concurrency: 1,
      onError: (_job, error) => {
        throw error;
      },
    });
    try {
      while (lane.seen.now === 0) await sleep(5);
      await enqueue(database.db, { kind: 'mail', payload: {}, runAt: new Date() });
      jobsSignal.kick();
      const kicked = performance.now();
      while (other.seen.done === 0 && performance.now() - kicked < 2_000) await sleep(5);
      // The mail ran while the burst still had jobs waiting.
      expect(other.seen.done).toBe(1);
      expect(lane.seen.done).toBeLessThan(9);
      while (lane.seen.done < 9) await sleep(10);
      expect(lane.seen.max).toBe(3);
    } finally {
      await runner.stop();
    }
  });
});
