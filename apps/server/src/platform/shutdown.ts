import type { FastifyInstance } from 'fastify';

/** One thing to finish before the process exits: its stop resolves once what it had under way is done. */
export type Drain = { name: string; stop: () => Promise<unknown> };

/**
 * Graceful shutdown's middle: every drain at once (the server's in-flight requests, the jobs that are
 * running), waited for at most `timeoutMs`. Answers the names of those that had not finished in time
 * (or failed): the process exits all the same, and a job cut short is run again by a runner, this
 * process's successor or another, once its lease ends (platform/jobs/claim.ts).
 */
export const drainWithin = async (drains: readonly Drain[], timeoutMs: number): Promise<{ late: string[] }> => {
  const done = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([
    Promise.all(
      drains.map((d) =>
        d.stop().then(
          () => void done.add(d.name),
          () => undefined,
        ),
      ),
    ),
    deadline,
  ]);
  clearTimeout(timer);
  return { late: drains.map((d) => d.name).filter((name) => !done.has(name)) };
};

/**
 * Stops taking requests and resolves once those in flight are answered. Fastify's close ends the
 * connections idle when it starts; one whose request was in flight stays open after its answer (kept
 * alive, a load balancer's usually), and would hold the close until its keep-alive timeout: idle
 * connections are closed every 100 ms until the server is closed.
 */
export const closeHttp = async (app: FastifyInstance) => {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
};

type StopLog = {
  info: (msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/**
 * The server's stop on SIGTERM or SIGINT (server.ts): the drains at once within `timeoutMs`, then the
 * database closed, then one last line, written before the exit (pino writes what waits in its buffer
 * as the process exits), so that a log always says the process ended on purpose and how: `Stopped`
 * with the signal and the time it took, exit 0; or with what was still running, exit 1. A second
 * signal exits at once (1).
 */
export const gracefulStop = ({
  log,
  timeoutMs,
  drains,
  before = () => {},
  closeDatabase,
  exit = (code: number) => process.exit(code),
}: {
  log: StopLog;
  timeoutMs: number;
  drains: readonly Drain[];
  /** What stops at once, before the drains (a sweeper's timer). */
  before?: () => void;
  closeDatabase: () => Promise<unknown>;
  exit?: (code: number) => void;
}) => {
  let stopping = false;
  return async (signal: string) => {
    if (stopping) {
      log.info(`${signal} again: exiting without waiting`);
      return exit(1);
    }
    stopping = true;
    const started = performance.now();
    log.info(`${signal}: finishing the requests and jobs under way (at most ${timeoutMs} ms)`);
    before();
    const { late } = await drainWithin(drains, timeoutMs);
    if (late.length > 0) log.warn({ late }, 'Stopping without waiting longer for these');
    await closeDatabase().catch((error: unknown) => log.warn({ err: error }, 'closing the database failed'));
    const ms = performance.now() - started;
    const took = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
    log.info(
      late.length > 0
        ? `Stopped (${signal}) after ${took}, before these finished: ${late.join(', ')}`
        : `Stopped (${signal}) after ${took}: every request answered, every job finished, the database closed`,
    );
    exit(late.length > 0 ? 1 : 0);
  };
};
