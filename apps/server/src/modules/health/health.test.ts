import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { MIGRATIONS_PENDING } from './routes.js';

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

it('readiness answers 503 while the database lacks a migration this build carries', async () => {
  const behind = await startTestApp({ seed: false });
  try {
    // As if an older build had migrated it: the newest migration is not recorded.
    await behind.deps.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await behind.app.inject({ method: 'GET', url: '/readyz' });
    expect([res.statusCode, res.json()]).toEqual([503, { status: 'not ready', message: MIGRATIONS_PENDING }]);
    expect(res.headers['retry-after']).toBe('5');
    // Alive all the same: a process manager must not restart it for this.
    expect((await behind.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  } finally {
    await behind.close();
  }
});
