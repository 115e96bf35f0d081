import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { agents } from '../db/schema.js';
import { statementWatch } from '../db/statement-watch.js';
import { ViewerCache } from './viewer-cache.js';

const now = new Date('2026-11-30T10:00:00Z');
const entry = (name: string, expiresInMs = 3_600_000) => ({ viewer: { name }, expiresAt: now.getTime() + expiresInMs });

describe('the signed-in users kept a moment', () => {
  it('reads once while fresh, again after its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ViewerCache<{ name: string }>(1_000);
      const read = vi.fn(async () => entry('Olivia'));
      expect(await cache.get('s1', now, read)).toEqual({ name: 'Olivia' });
      expect(await cache.get('s1', now, read)).toEqual({ name: 'Olivia' });
      expect(read).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1_000);
      await cache.get('s1', now, read);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never serves a session past its expiry, and keeps no refusal', async () => {
    const cache = new ViewerCache<{ name: string }>(60_000);
    const read = vi.fn(async () => entry('Olivia', 500));
    await cache.get('s1', now, read);
    expect(await cache.get('s1', new Date(now.getTime() + 400), read)).toEqual({ name: 'Olivia' });
    await cache.get('s1', new Date(now.getTime() + 500), read);
    expect(read).toHaveBeenCalledTimes(2);
    const none = vi.fn(async () => null);
    expect(await cache.get('s2', now, none)).toBeNull();
    expect(await cache.get('s2', now, none)).toBeNull();
    expect(none).toHaveBeenCalledTimes(2);
  });

  it('a write to the members, sessions or roles empties it; a read under way then is not kept', async () => {
    const cache = new ViewerCache<{ name: string }>(60_000);
    await cache.get('s1', now, async () => entry('Olivia'));
    statementWatch.logQuery('update "agents" set "disabled" = $1 where "agents"."id" = $2');
    const read = vi.fn(async () => entry('Olivia again'));
    expect(await cache.get('s1', now, read)).toEqual({ name: 'Olivia again' });
    // The write's transaction may not have committed yet: the cache stays empty a while.
    await cache.get('s1', now, read);
    expect(read).toHaveBeenCalledTimes(2);

    const other = new ViewerCache<{ name: string }>(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    let written = false;
    const racing = vi.fn(async () => {
      if (!written) statementWatch.logQuery('delete from "sessions" where "id" = $1');
      written = true;
      return entry('Priya');
    });
    await other.get('s9', now, racing);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await other.get('s9', now, racing);
    expect(racing).toHaveBeenCalledTimes(2);
  });

  it('reads and writes elsewhere leave it as it is', async () => {
    const cache = new ViewerCache<{ name: string }>(60_000);
    const read = vi.fn(async () => entry('Olivia'));
    await cache.get('s1', now, read);
    for (const text of [
      'select "id" from "agents" where "id" = $1',
      'insert into "partner_audit_log" ("id", "partner_id") values ($1, $2)',
      'update "partners" set "balance" = $1 where "id" = $2',
      'update "agent_roles_archive" set x = 1',
    ])
      statementWatch.logQuery(text);
    await cache.get('s1', now, read);
    expect(read).toHaveBeenCalledTimes(1);
    statementWatch.logQuery('delete from "partners" where "id" = $1');
    await cache.get('s1', now, read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('in the console (VIEWER_CACHE_MS as deployed)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('a member disabled in the database is refused on the next request, however it was written', async () => {
    const token = await signInAs(t.app, 'agent');
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(200);
    const me = (await call<{ id: string }>(t.app, 'GET', '/api/me', { token })).body;
    await t.database.db.execute(sql`update agents set disabled = true where id = ${me.id}`);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
    await t.database.db.update(agents).set({ disabled: false }).where(eq(agents.id, me.id));
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(200);
  });

  it('signing out ends the session at once', async () => {
    const token = await signInAs(t.app, 'agent');
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/auth/sign-out', { token })).status).toBeLessThan(300);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
  });
});
