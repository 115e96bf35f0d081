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
 * Admission control at the door: at most `limit` API requests are inside the server at once; one
 * past it is answered at once, 503 with Retry-After, before Fastify sees it, instead of joining a
 * queue for the database pool that only grows (at 1,000 connections every request waited seconds
 * and none was refused: a client cannot tell a slow server from a dead one). A refusal costs a
 * fixed write and no routing, hooks, session lookup or log line of its own, so a crowd that retries
 * at once cannot starve the requests admitted (in Fastify's hooks, 6,000 refusals a second took the
 * whole event loop). Refusals are logged as a count every 10 s. Only `counted` paths are limited:
 * the web's files, the health probes and the metrics touch no database, and a load balancer must
 * see the process alive.
 */
export const admissionServer = (
  limit: number,
  counted: (url: string) => boolean,
  log: () => FastifyBaseLogger | undefined,
): FastifyServerFactory => {
  let inFlight = 0;
  let refused = 0;
  let summaryDue = 0;
  return (handler) =>
    createServer((req: IncomingMessage, res: ServerResponse) => {
      if (!counted(req.url ?? '')) return handler(req, res);
      if (inFlight >= limit) {
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
