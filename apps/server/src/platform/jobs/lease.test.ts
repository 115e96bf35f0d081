import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { enqueue } from './queue.js';
import { claimDueJobs } from './claim.js';
import { runDueJobs } from './runner.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: false });
});
afterAll(() => database.close());

const LEASE_MS = 3_000;
const start = new Date('2026-03-01T10:00:00Z');

describe("a running job's claim", () => {
  it('is held past its first lease while the job runs, so another process does not run it again', async () => {
    const clock = { now: start };
    await enqueue(database.db, { kind: 'long', payload: {}, runAt: start });
    let finish: () => void = () => {};
    let started = false;
    const handlers = {
      long: () =>
        new Promise<void>((resolve) => {
          started = true;
          finish = resolve;
        }),
    };
    const run = runDueJobs(database.db, handlers, () => clock.now, { leaseMs: LEASE_MS });
    while (!started) await sleep(10);

    // The claim is renewed a third of a lease later, a lease on from the clock's time then.
    clock.now = new Date(start.getTime() + 2_500);
    await sleep(1_300);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'long'));
    expect(row!.lockedUntil!.getTime()).toBe(start.getTime() + 2_500 + LEASE_MS);

    // Past the first lease, another process finds nothing to take.
    clock.now = new Date(start.getTime() + LEASE_MS + 1_000);
    expect(await claimDueJobs(database.db, clock.now, 10, ['long'], LEASE_MS)).toEqual([]);

    finish();
    expect(await run).toEqual({ ran: 1, failed: 0 });
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'long'))).toEqual([]);
  });

  it('is not renewed once another process took it (the first one stalled past its lease)', async () => {
    const clock = { now: start };
    await enqueue(database.db, { kind: 'stalled', payload: {}, runAt: start });
    let finish: () => void = () => {};
    let started = false;
    const run = runDueJobs(
      database.db,
      {
        stalled: () =>
          new Promise<void>((resolve) => {
            started = true;
            finish = resolve;
          }),
      },
      () => clock.now,
      { leaseMs: LEASE_MS },
    );
    while (!started) await sleep(10);
    // Its lease ended before its renewal came (a paused process): another process claims it.
    const later = new Date(start.getTime() + LEASE_MS + 1);
    const [taken] = await claimDueJobs(database.db, later, 10, ['stalled'], LEASE_MS);
    expect(taken?.kind).toBe('stalled');
    await sleep(1_300);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'stalled'));
    expect(row!.lockedUntil!.getTime()).toBe(later.getTime() + LEASE_MS);
    finish();
    await run;
  });
});
