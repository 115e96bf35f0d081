import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';

export const SERVER_BUSY = 'The console is busy. Please try again in a moment.';
const busyBody = JSON.stringify({ message: SERVER_BUSY, code: 'SERVER_BUSY' });
const busyHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(busyBody)),
  'retry-after': '1',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
const SUMMARY_EVERY_MS = 10_000;
/**
 * A turn of the event loop that has read this many requests and spent this long on them admits no
 * more (`turnGate`). Both: a lone slow request (a report's rows, an embedded database's query) or a
 * browser's burst of calls never makes a turn refuse; a crowd does.
 */
export const BUSY_TURN = { requests: 32, ms: 50 };

/**
 * Whether the event loop's current turn may take one more request. The in-flight count cannot see
 * this wait: when answers take a few turns each (a kept page), the count stays low while one turn
 * reads hundreds of sockets, and a request read late in it has waited in its socket for the whole
 * turn before (at 1,000 connections the served p99 was the turns', docs/benchmarks.md). The first
 * request of a turn arms a check-phase callback that ends the turn's window; nothing runs while the
 * server is idle.
 */
export const turnGate = (
  busy: { requests: number; ms: number },
  clock: () => number = performance.now.bind(performance),
) => {
  let since: number | null = null;
  let taken = 0;
  const turnEnded = () => {
    since = null;
  };
  return {
    admit: () => {
      const now = clock();
      if (since === null) {
        since = now;
        taken = 0;
        setImmediate(turnEnded);
      }
      taken += 1;
      return taken <= busy.requests || now - since < busy.ms;
    },
  };
};

/**
 * Admission control at the door: at most `limit` API requests are inside the server at once, and a
 * busy turn of the event loop takes no more (`BUSY_TURN`); one past either is answered at once, 503
 * with Retry-After, before Fastify sees it, instead of joining a queue for the database pool that
 * only grows (at 1,000 connections every request waited seconds and none was refused: a client
 * cannot tell a slow server from a dead one). A refusal costs a fixed write and no routing, hooks,
 * session lookup or log line of its own, so a crowd that retries at once cannot starve the requests
 * admitted (in Fastify's hooks, 6,000 refusals a second took the whole event loop). Refusals are
 * logged as a count every 10 s. Only `counted` paths are limited: the web's files, the health probes
 * and the metrics touch no database, and a load balancer must see the process alive.
 */
export const admissionServer = (
  limit: number,
  counted: (url: string) => boolean,
  log: () => FastifyBaseLogger | undefined,
): FastifyServerFactory => {
  let inFlight = 0;
  let refused = 0;
  let summaryDue = 0;
  const turn = turnGate(BUSY_TURN);
  return (handler) =>
    createServer((req: IncomingMessage, res: ServerResponse) => {
      if (!counted(req.url ?? '')) return handler(req, res);
      if (inFlight >= limit || !turn.admit()) {
        res.writeHead(503, { ...busyHeaders, 'x-request-id': randomUUID() });
        res.end(busyBody);
        refused += 1;
        const now = Date.now();
        if (now >= summaryDue) {
          log()?.warn({ refused, inFlight, limit }, 'busy: requests refused');
          refused = 0;
          summaryDue = now + SUMMARY_EVERY_MS;
        }
        return;
      }
      inFlight += 1;
      // 'close' fires once the answer is sent or the client went away, whatever the route did.
      res.once('close', () => {
        inFlight -= 1;
      });
      handler(req, res);
    }) as Server;
};
