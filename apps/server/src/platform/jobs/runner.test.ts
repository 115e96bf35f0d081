import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { enqueue } from './queue.js';
import type { Job } from './job.js';
import { claimDueJobs, JOB_LEASE_MS } from './claim.js';
import { backoffMs, runDueJobs } from './runner.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: false });
});
afterAll(() => database.close());

const at = (iso: string) => new Date(iso);
const clear = () => database.db.delete(jobs);
const rowOf = async (kind: string) => (await database.db.select().from(jobs).where(eq(jobs.kind, kind)))[0];

describe('the jobs table', () => {
  it('runs a job when it is due, not before, and deletes it once it succeeded', async () => {
    await clear();
    const ran: Job[] = [];
    await enqueue(database.db, { kind: 'greet', payload: { who: 'a' }, runAt: at('2026-01-01T10:00:00Z') });
    const handlers = { greet: async (job: Job) => void ran.push(job) };
    expect(await runDueJobs(database.db, handlers, () => at('2026-01-01T09:59:59Z'))).toEqual({ ran: 0, failed: 0 });
    expect(await runDueJobs(database.db, handlers, () => at('2026-01-01T10:00:00Z'))).toEqual({ ran: 1, failed: 0 });
    expect(ran.map((j) => j.payload)).toEqual([{ who: 'a' }]);
    expect(await rowOf('greet')).toBeUndefined();
  });

  it('retries a failing job with a growing backoff and keeps it, failed, when its attempts are spent', async () => {
    await clear();
    await enqueue(database.db, { kind: 'flaky', payload: {}, runAt: at('2026-01-01T10:00:00Z'), maxAttempts: 2 });
    const handlers = {
      flaky: async () => {
        throw new Error('receiver answered 500');
      },
    };
    await runDueJobs(database.db, handlers, () => at('2026-01-01T10:00:00Z'));
    const first = await rowOf('flaky');
    expect(first).toMatchObject({ attempts: 1, lastError: 'receiver answered 500', failedAt: null, lockedUntil: null });
    expect(first!.runAt.getTime()).toBeGreaterThan(at('2026-01-01T10:00:03Z').getTime());
    // Not due again until its backoff has passed.
    expect((await runDueJobs(database.db, handlers, () => at('2026-01-01T10:00:01Z'))).ran).toBe(0);
    await runDueJobs(database.db, handlers, () => at('2026-01-01T11:00:00Z'));
    expect(await rowOf('flaky')).toMatchObject({ attempts: 2, failedAt: at('2026-01-01T11:00:00Z') });
    // A failed job is never claimed again.
    expect((await runDueJobs(database.db, handlers, () => at('2026-01-02T00:00:00Z'))).ran).toBe(0);
  });

  it('runs the jobs due together in the order they fell due', async () => {
    await clear();
    const order: unknown[] = [];
    for (const [n, minute] of [
      [3, 30],
      [1, 10],
      [2, 20],
    ] as const)
      await enqueue(database.db, { kind: 'ordered', payload: { n }, runAt: at(`2026-01-01T10:${minute}:00Z`) });
    await runDueJobs(database.db, { ordered: async (job) => void order.push(job.payload.n) }, () =>
      at('2026-01-01T11:00:00Z'),
    );
    expect(order).toEqual([1, 2, 3]);
  });

  it('keeps one pending job per key', async () => {
    await clear();
    const job = { kind: 'once', payload: {}, runAt: at('2026-01-01T10:00:00Z'), key: 'k1' };
    expect(await enqueue(database.db, job)).toBe(true);
    expect(await enqueue(database.db, job)).toBe(false);
    expect(await database.db.select().from(jobs)).toHaveLength(1);
  });

  it('leases a claimed job: nobody else takes it until the lease ends (a process that died mid-job)', async () => {
    await clear();
    await enqueue(database.db, { kind: 'lease', payload: {}, runAt: at('2026-01-01T10:00:00Z') });
    const now = at('2026-01-01T10:00:00Z');
    expect(await claimDueJobs(database.db, now, 10, ['lease'])).toHaveLength(1);
    expect(await claimDueJobs(database.db, now, 10, ['lease'])).toHaveLength(0);
    const later = new Date(now.getTime() + JOB_LEASE_MS);
    expect(await claimDueJobs(database.db, later, 10, ['lease'])).toMatchObject([{ attempts: 2 }]);
  });

  it('claims only the kinds this process can run', async () => {
    await clear();
    await enqueue(database.db, { kind: 'other', payload: {}, runAt: at('2026-01-01T10:00:00Z') });
    expect(await claimDueJobs(database.db, at('2026-01-01T10:00:00Z'), 10, ['mine'])).toHaveLength(0);
  });

  it('gives each of many concurrent claimers different jobs', async () => {
    await clear();
    for (let i = 0; i < 30; i += 1)
      await enqueue(database.db, { kind: 'bulk', payload: { i }, runAt: at('2026-01-01T10:00:00Z') });
    const now = at('2026-01-01T10:00:00Z');
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueJobs(database.db, now, 5, ['bulk'])));
    const ids = claims.flat().map((j) => j.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('backoff', () => {
  it('doubles from about 5 seconds and stops growing at an hour', () => {
    expect(backoffMs(1, () => 0.5)).toBe(5_000);
    expect(backoffMs(2, () => 0.5)).toBe(10_000);
    expect(backoffMs(30, () => 0.5)).toBe(3_600_000);
    expect(backoffMs(1, () => 0)).toBe(3_750);
  });
});
