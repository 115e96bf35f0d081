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
