import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import { prettyStdout } from './pretty-log.js';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is called by this server itself (the sandbox's webhook receiver, the sandbox Meta's
     * webhooks): its request lines are written at debug level, so that the demo's own deliveries do
     * not bury what people do (LOG_LEVEL=debug shows them).
     */
    selfTraffic?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * The server's one logger (pino): JSON lines, or readable lines on a terminal, no request bodies or headers, and no secrets in
 * URLs. Query values that carry a credential (sign-in and reset link tokens, the sandbox links'
 * `t`, keys, passwords) are written as [REDACTED]; a request id ties each request's lines together
 * and is answered in X-Request-Id.
 */
const secretQuery = /^(t|token|.*_token|access_token|code|state|key|api[-_]?key|password|secret|signature|policy)$/i;

export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is kept as sent */
      }
      return eq >= 0 && secretQuery.test(decoded) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
};

const CENSOR = '[REDACTED]';
const secretHeaders = ['authorization', 'cookie', 'x-platform-key'];
const secretFields = ['password', 'oldPassword', 'newPassword', 'token'];

const withoutHeaders = (headers: unknown) => {
  if (!headers || typeof headers !== 'object' || !secretHeaders.some((h) => h in headers)) return headers;
  const copy: Record<string, unknown> = { ...(headers as Record<string, unknown>) };
  for (const h of secretHeaders) if (h in copy) copy[h] = CENSOR;
  return copy;
};

/**
 * A second guard for anything that logs an object with headers or credentials (headers are never
 * logged on purpose): `headers` and `req.headers` lose their authorization, cookie and platform key,
 * and any field of the line holding a password or a token has it censored. A look at the line's
 * own few fields, where pino's `redact` copied them path by path: it cost a tenth of a list
 * request's work (docs/benchmarks.md).
 */
export const censorSecrets = (line: Record<string, unknown>): Record<string, unknown> => {
  let out = line;
  const set = (key: string, value: unknown) => {
    if (out === line) out = { ...line };
    out[key] = value;
  };
  for (const [key, value] of Object.entries(line)) {
    if (!value || typeof value !== 'object') continue;
    if (key === 'headers') {
      const headers = withoutHeaders(value);
      if (headers !== value) set(key, headers);
      continue;
    }
    const fields = value as Record<string, unknown>;
    const headers = key === 'req' ? withoutHeaders(fields.headers) : fields.headers;
    const secret = secretFields.filter((f) => f in fields);
    if (headers === fields.headers && secret.length === 0) continue;
    const copy: Record<string, unknown> = { ...fields };
    if (headers !== fields.headers) copy.headers = headers;
    for (const f of secret) copy[f] = CENSOR;
    set(key, copy);
  }
  return out;
};

export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  pino(
    {
      level,
      formatters: { log: censorSecrets },
      serializers: {
        req: (req: IncomingMessage & { method?: string; url?: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url ?? ''),
          remoteAddress: req.ip ?? req.socket?.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
    destination,
  );

/**
 * Standard output, written in blocks: lines gather in memory and are written when 4 KB are waiting
 * or a quarter of a second has passed, so a busy server makes one write every few dozen requests
 * instead of one a request (the write was the list route's third cost under load). pino flushes
 * what waits when the process exits, a crash included; a SIGKILL can lose the last quarter second.
 */
export const bufferedStdout = (): DestinationStream =>
  pino.destination({ dest: 1, minLength: 4096, periodicFlush: 250, sync: false });

/**
 * Where the log goes: readable lines on a terminal (platform/http/pretty-log.ts), JSON lines, one
 * object a line, when standard output is a pipe or a file (a container's, a log shipper's), unless
 * LOG_FORMAT says which.
 */
export const logDestination = (
  format: 'auto' | 'json' | 'pretty',
  stdout: { isTTY?: boolean; hasColors?: () => boolean } = process.stdout,
): DestinationStream =>
  format === 'pretty' || (format === 'auto' && stdout.isTTY === true)
    ? prettyStdout(stdout.isTTY === true && (stdout.hasColors?.() ?? false))
    : bufferedStdout();

/** An incoming X-Request-Id is honoured when it is short and plain; otherwise one is made. */
const requestIdOf = (req: IncomingMessage) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
};

export const requestIdOptions = { genReqId: requestIdOf, requestIdHeader: false as const };

/**
 * One line a request, when it is answered: its method, URL (redacted), address, status and time,
 * and the caller once known (`logViewer`). Fastify's pair (an "incoming request" line, then the
 * completed one) wrote every request twice, a write each: the second of the list route's costs
 * under load (docs/benchmarks.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    // What the `req` and `res` serializers keep, not the request and reply themselves: the redaction
    // of header paths otherwise copied the request (its headers hold the bearer token) on every line,
    // to censor what the serializer drops anyway; that was a tenth of a list request's work.
    const req = { method: request.method, url: request.url, ip: request.ip };
    const line = { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.routeOptions.config.selfTraffic) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Every answer, errors and 404s included, names its request id. */
export const answerRequestId = (app: FastifyInstance) =>
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

/** Once the caller is known: the partner and user on the request's remaining lines, "request completed" included. */
export const logViewer = (request: FastifyRequest, reply: FastifyReply) => {
  const viewer = request.viewer;
  if (!viewer) return;
  const who =
    viewer.kind === 'agent'
      ? { partnerId: viewer.partnerId, userId: viewer.agentId }
      : { userId: viewer.adminId, superadmin: true };
  // The request's own logger (Fastify makes a child per request) takes the bindings rather than a
  // second child; never the server's logger itself, whose later lines would all carry them.
  const own = request.log as FastifyBaseLogger & Partial<Pick<Logger, 'setBindings'>>;
  if (own.setBindings && own !== request.server.log) own.setBindings(who);
  else request.log = request.log.child(who);
  reply.log = request.log;
};
