import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { SERVER_BUSY, turnGate } from './admission.js';

let t: TestContext;
let base: string;
let owner: string;
let release: () => void = () => {};
beforeAll(async () => {
  t = await startTestApp({ env: { MAX_REQUESTS_IN_FLIGHT: '3' } });
  // A route that holds its request until the test lets it go: requests in flight, on demand.
  t.app.get('/api/test-only/hold', { config: { access: 'public' } }, async () => {
    await new Promise<void>((resolve) => {
      const previous = release;
      release = () => {
        previous();
        resolve();
      };
    });
    return { held: true };
  });
  owner = await signInAs(t.app, 'owner');
  // Over a real socket: admission is the server's, before Fastify (app.inject would go round it).
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const me = () => fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${owner}` } });

describe('admission control', () => {
  it('answers a request past the limit at once, 503 with Retry-After, and admits again once one is answered', async () => {
    const held = [1, 2, 3].map(() => fetch(`${base}/api/test-only/hold`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await me();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await refused.json()).toEqual({ message: SERVER_BUSY, code: 'SERVER_BUSY' });
    // Probes and the web's files are never refused: a load balancer must see the process alive.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/login`)).status).not.toBe(503);

    release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await me()).status).toBe(200);
  });
});

describe('a busy turn of the event loop', () => {
  const busy = { requests: 3, ms: 50 };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('admits every request of a turn until it has read enough of them and run long enough', async () => {
    let now = 0;
    const gate = turnGate(busy, () => now);
    // A browser's burst, however slow its turn: fewer requests than a crowd's.
    expect([gate.admit(), gate.admit(), gate.admit()]).toEqual([true, true, true]);
    now = 200;
    await nextTurn();
    expect([gate.admit(), gate.admit(), gate.admit()]).toEqual([true, true, true]);
    // A crowd read in one turn: past both bounds, the rest of the turn is refused.
    expect(gate.admit()).toBe(true);
    now = 260;
    expect([gate.admit(), gate.admit()]).toEqual([false, false]);
    // The next turn starts over.
    await nextTurn();
    expect(gate.admit()).toBe(true);
  });
});
