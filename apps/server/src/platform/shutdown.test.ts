import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import type { Database } from './db/open.js';
import { jobs } from './db/schema.js';
import { enqueue } from './jobs/queue.js';
import { startJobRunner } from './jobs/start-runner.js';
import { closeHttp, drainWithin, gracefulStop } from './shutdown.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: false });
});
afterAll(() => database.close());

/** A promise with its resolve, to hold a request or a job where the test wants it. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

describe('graceful shutdown (main.ts: requests and jobs drained together, within SHUTDOWN_TIMEOUT_MS)', () => {
  it('lets a request in flight get its answer and a running job finish, marked done, before it resolves', async () => {
    const requestArrived = gate();
    const releaseRequest = gate();
    const jobStarted = gate();
    const releaseJob = gate();
    const app = Fastify();
    app.get('/slow', async () => {
      requestArrived.open();
      await releaseRequest.opened;
      return { answered: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    await enqueue(database.db, { kind: 'shutdown-slow', payload: {}, runAt: new Date(Date.now() - 1000) });
    const runner = startJobRunner(
      database.db,
      {
        'shutdown-slow': async () => {
          jobStarted.open();
          await releaseJob.opened;
        },
      },
      () => new Date(),
      { everyMs: 50, onError: () => {} },
    );

    const answer = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await Promise.all([requestArrived.opened, jobStarted.opened]);

    let drained: { late: string[] } | undefined;
    const draining = drainWithin(
      [
        { name: 'requests', stop: () => closeHttp(app) },
        { name: 'jobs', stop: () => runner.stop() },
      ],
      10_000,
    ).then((d) => (drained = d));
    await new Promise((r) => setTimeout(r, 100));
    expect(drained).toBeUndefined(); // still waiting for both
    // No new connection is taken meanwhile.
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();

    releaseRequest.open();
    releaseJob.open();
    await draining;
    expect(drained).toEqual({ late: [] });
    expect(await answer).toEqual({ status: 200, body: { answered: true } });
    // Done: a finished job is deleted from the jobs table.
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'shutdown-slow'))).toEqual([]);
  });

  it('waits no longer than its bound for a job that does not finish, and names it', async () => {
    await enqueue(database.db, { kind: 'shutdown-stuck', payload: {}, runAt: new Date(Date.now() - 1000) });
    const started = gate();
    const never = gate();
    const runner = startJobRunner(
      database.db,
      {
        'shutdown-stuck': async () => {
          started.open();
          await never.opened;
        },
      },
      () => new Date(),
      { everyMs: 50, onError: () => {} },
    );
    await started.opened;
    const t0 = Date.now();
    const { late } = await drainWithin(
      [
        { name: 'requests', stop: async () => undefined },
        { name: 'jobs', stop: () => runner.stop() },
      ],
      300,
    );
    expect(late).toEqual(['jobs']);
    expect(Date.now() - t0).toBeLessThan(5_000);
    // Still claimed, not done: once its lease ends another runner takes it again.
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'shutdown-stuck'));
    expect(row?.lockedUntil).not.toBeNull();
    never.open();
    await runner.stop();
  });
});

describe('the stop on SIGTERM or SIGINT (gracefulStop)', () => {
  const recorder = () => {
    const lines: string[] = [];
    const log = {
      info: (msg: string) => void lines.push(msg),
      warn: (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`),
    };
    return { lines, log };
  };

  it('ends with one line saying the server has stopped, after the drains and the database, then exits 0', async () => {
    const { lines, log } = recorder();
    const order: string[] = [];
    const codes: number[] = [];
    const stop = gracefulStop({
      log,
      timeoutMs: 1000,
      drains: [{ name: 'requests', stop: async () => void order.push('requests') }],
      closeDatabase: async () => void order.push('database'),
      exit: (code) => {
        order.push(`exit ${code}`);
        codes.push(code);
      },
    });
    await stop('SIGTERM');
    expect(order).toEqual(['requests', 'database', 'exit 0']);
    expect(lines[0]).toMatch(/^SIGTERM: finishing the requests and jobs under way/);
    expect(lines.at(-1)).toMatch(/^Stopped \(SIGTERM\) after \d+ ms: every request answered/);
  });

  it('names what it cut short in its last line and exits 1; a second signal exits at once', async () => {
    const { lines, log } = recorder();
    const codes: number[] = [];
    const stop = gracefulStop({
      log,
      timeoutMs: 50,
      drains: [{ name: 'jobs', stop: () => new Promise(() => {}) }],
      closeDatabase: async () => {},
      exit: (code) => void codes.push(code),
    });
    const first = stop('SIGINT');
    await stop('SIGINT');
    expect(codes).toEqual([1]);
    await first;
    expect(codes).toEqual([1, 1]);
    expect(lines.at(-1)).toMatch(/^Stopped \(SIGINT\) after .* before these finished: jobs$/);
  });
});
