import http from 'node:http';
import https from 'node:https';
import { isNonPublicAddress, WEBHOOK_RESPONSE_EXCERPT_MAX } from '@pc/contract';
import { signatureOf } from './envelope.js';
import { BLOCKED_PRIVATE, BlockedAddressError, literalAddressOf, publicOnlyLookup } from './guard.js';

export const WEBHOOK_USER_AGENT = 'PartnerConsole-Webhooks/1.0';
/** Enough bytes for the excerpt's characters (up to 4 bytes each in UTF-8); the rest is never read. */
const READ_MAX_BYTES = WEBHOOK_RESPONSE_EXCERPT_MAX * 4;

export type Attempt = {
  url: string;
  /** Standard Webhooks' `webhook-id`: the event's id. */
  id: string;
  body: string;
  /** The shared secret, `whsec_...`. */
  secret: string;
  /** The secret a rotation replaced, while it still signs: its signature follows the current one. */
  previousSecret?: string | null;
  /** The attempt's time, signed into `webhook-timestamp`. */
  at: Date;
  timeoutMs: number;
  /** Let private and loopback addresses through (local development, tests). */
  allowPrivate: boolean;
  /** The name lookup under the private-address check (tests point names where they like). */
  lookup?: Parameters<typeof publicOnlyLookup>[0];
};

export type AttemptResult = {
  /** The receiver's status; null when no answer came. */
  statusCode: number | null;
  latencyMs: number;
  /** The first characters of the answer. */
  excerpt: string;
  /** What went wrong when no answer came (timeout, refused, blocked address). */
  error: string | null;
  /** The answer's Retry-After header, as sent. */
  retryAfter: string | null;
};

/**
 * Standard Webhooks' headers. `webhook-signature` is a space-delimited list: the current secret's
 * signature, then during a rotation the previous secret's, so that a receiver verifying with either
 * accepts the webhook (spec, "Webhook headers").
 */
export const signedHeaders = (
  a: Pick<Attempt, 'id' | 'body' | 'secret' | 'previousSecret' | 'at'>,
): Record<string, string> => {
  const timestamp = Math.floor(a.at.getTime() / 1000);
  const secrets = a.previousSecret ? [a.secret, a.previousSecret] : [a.secret];
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': a.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, a.id, timestamp, a.body)).join(' '),
  };
};

const messageOf = (error: unknown, timeoutMs: number, timedOut: boolean): string => {
  if (timedOut) return `timeout: no answer within ${timeoutMs} ms`;
  if (error instanceof BlockedAddressError) return BLOCKED_PRIVATE;
  return (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'connection failed';
};

/** How long an idle kept-alive connection stays open: under the usual servers' own (Node's is 5 s). */
const IDLE_MS = 4_000;

type Pools = { http: http.Agent; https: https.Agent };
/** The pools of kept-alive connections, one per way of checking addresses (see `poolsFor`). */
const poolsByCheck = new WeakMap<object, Pools>();
const PRIVATE_ALLOWED = {};
const SYSTEM_LOOKUP = {};

/**
 * Kept-alive connections to receivers, so that a burst of deliveries to one endpoint does not pay a
 * connection (and a TLS handshake) each. A pooled socket stays connected to the address that was
 * checked when it was opened: the check is made by the pool's own lookup at connect time, as it was
 * for a connection of its own. There is one pool per way of checking (private addresses allowed, or
 * public only with this lookup), so a socket opened where private addresses are allowed (the sandbox
 * receiver on localhost, `WEBHOOK_ALLOW_PRIVATE_URLS`) is never reused by an attempt that refuses
 * them, whatever its host and port.
 */
const poolsFor = (allowPrivate: boolean, lookup: Attempt['lookup']): Pools => {
  const key = allowPrivate ? PRIVATE_ALLOWED : (lookup ?? SYSTEM_LOOKUP);
  let pools = poolsByCheck.get(key);
  if (!pools) {
    const options = {
      keepAlive: true,
      timeout: IDLE_MS,
      ...(allowPrivate ? {} : { lookup: publicOnlyLookup(lookup) }),
    };
    pools = { http: new http.Agent(options), https: new https.Agent(options) };
    poolsByCheck.set(key, pools);
  }
  return pools;
};

/** A kept-alive socket the receiver closed as it was reused: the request never reached it. */
const isStaleSocket = (error: NodeJS.ErrnoException) =>
  error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.code === 'ECONNABORTED';

/**
 * One signed POST of the body. Never follows a redirect (a 3xx is the answer), reads at most a few
 * kilobytes of the answer, and gives up after `timeoutMs` from the start (connecting included).
 * Unless `allowPrivate`, a host that is, or resolves to, a non-public address is refused before any
 * connection is made. The connection is kept for the next attempt to the same endpoint (`poolsFor`);
 * one the receiver had closed meanwhile is given up and the request sent once more on a new one.
 */
export const sendAttempt = (a: Attempt): Promise<AttemptResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const noAnswer = (error: string): AttemptResult => ({
    statusCode: null,
    latencyMs: elapsed(),
    excerpt: error,
    error,
    retryAfter: null,
  });
  let url: URL;
  try {
    url = new URL(a.url);
  } catch {
    return Promise.resolve(noAnswer('invalid URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(noAnswer('invalid URL'));
  const literal = literalAddressOf(url);
  if (!a.allowPrivate && literal !== null && isNonPublicAddress(literal))
    return Promise.resolve(noAnswer(BLOCKED_PRIVATE));
  const pools = poolsFor(a.allowPrivate, a.lookup);
  const headers = { ...signedHeaders(a), 'content-length': String(Buffer.byteLength(a.body)) };

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    let timedOut = false;
    let request: http.ClientRequest;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = (mayResend: boolean) => {
      request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        headers,
        agent: url.protocol === 'https:' ? pools.https : pools.http,
      });
      const sent = request;
      sent.on('error', (error: NodeJS.ErrnoException) => {
        if (mayResend && !timedOut && sent.reusedSocket && isStaleSocket(error)) return send(false);
        settle(noAnswer(messageOf(error, a.timeoutMs, timedOut)));
      });
      sent.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (whole: boolean) => {
          const excerpt = Buffer.concat(chunks)
            .toString('utf8')
            .slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX)
            // A NUL cannot be stored in a text column.
            .replaceAll('\0', '');
          const retryAfter = response.headers['retry-after'];
          settle({
            statusCode: response.statusCode ?? null,
            latencyMs: elapsed(),
            excerpt,
            // The status came but not the whole answer in time: still a failed attempt.
            error: timedOut ? messageOf(null, a.timeoutMs, true) : null,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          });
          // An answer read to its end leaves its connection for the next attempt; the rest is not read.
          if (!whole) response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= READ_MAX_BYTES) return;
          chunks.push(chunk.subarray(0, READ_MAX_BYTES - size));
          size += chunk.length;
          if (size >= READ_MAX_BYTES) done(false);
        });
        response.on('end', () => done(true));
        // A body cut off midway (or by the timeout) still has its status: the answer is what came.
        response.on('error', () => done(false));
        response.on('aborted', () => done(false));
      });
      sent.end(a.body);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timeout'));
    }, a.timeoutMs);
    send(true);
  });
};
