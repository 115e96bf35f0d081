import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

it('liveness answers while the process runs; readiness while the database answers', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
});

it('readiness answers 503 with Retry-After when the database does not answer', async () => {
  const broken = await startTestApp({ seed: false });
  await broken.database.close();
  const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ status: 'not ready' });
  await broken.app.close();
});
