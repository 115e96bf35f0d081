import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { enqueue } from './queue.js';
import { runDueJobs, startJobRunner, type JobHandler } from './runner.js';
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
