import http from 'node:http';

/**
 * A crowd of clients that keep to the standard: each has its own kept-alive connection, sends the
 * request, and on a 503 waits as long as its Retry-After says before trying again (as browsers'
 * retry libraries and HTTP clients built for it do). autocannon retries a refused request at once,
 * which measures how fast a server can refuse, not what the admitted see. Loopback only.
 */
export type PoliteResult = { served: number[]; refused: number; errors: number };

export const politeLoad = async (opts: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  clients: number;
  seconds: number;
}): Promise<PoliteResult> => {
  const target = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '::1'].includes(target.hostname)) throw new Error('loopback only');
  // Every client keeps its connection while it waits out a Retry-After (an Agent keeps 256 idle ones by default).
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients, maxFreeSockets: opts.clients });
  const deadline = Date.now() + opts.seconds * 1000;
  const result: PoliteResult = { served: [], refused: 0, errors: 0 };
  const once = () =>
    new Promise<{ status: number; retryAfter: number }>((resolve) => {
      const req = http.request(
        target,
        { method: opts.method, headers: { ...opts.headers, 'content-length': Buffer.byteLength(opts.body) }, agent },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 1) }),
          );
        },
      );
      req.on('error', () => resolve({ status: 0, retryAfter: 1 }));
      req.end(opts.body);
    });
  const client = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const { status, retryAfter } = await once();
      if (status >= 200 && status < 300) result.served.push(performance.now() - started);
      else if (status === 503) {
        result.refused += 1;
        // Between one and two Retry-Afters: a crowd refused together does not come back together.
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (1 + Math.random())));
      } else {
        result.errors += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  agent.destroy();
  return result;
};
