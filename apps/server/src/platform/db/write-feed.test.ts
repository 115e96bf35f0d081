import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startWriteFeed, WRITES_CHANNEL, type WriteFeed } from './write-feed.js';

// The feed on a real PostgreSQL (migration 0055's triggers are not needed: a NOTIFY on the channel is
// what they send). Live means heard end to end: a feed whose probes never arrive, as behind a
// transaction pooler that drops the LISTEN, is never live.
const url = process.env.DATABASE_URL;
describe.runIf(url)('the write feed', () => {
  let pool: pg.Pool;
  const feeds: WriteFeed[] = [];
  const feed = (probe?: (token: string) => Promise<unknown>) => {
    const started = startWriteFeed({
      connect: () => new pg.Client({ connectionString: url }),
      probe: probe ?? ((token) => pool.query('select pg_notify($1, $2)', [WRITES_CHANNEL, token])),
    });
    feeds.push(started);
    return started;
  };
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.close()));
    await pool.end();
  });

  it('tells its subscribers of each table written, by any connection, once live', async () => {
    const heard: string[] = [];
    const live = feed();
    live.subscribe((table) => heard.push(table));
    await vi.waitFor(() => expect(live.live).toBe(true), { timeout: 5_000 });
    // Coming live says that anything may have changed while nobody listened.
    expect(heard).toEqual(['*']);
    await pool.query(`select pg_notify($1, 'projects')`, [WRITES_CHANNEL]);
    await vi.waitFor(() => expect(heard).toEqual(['*', 'projects']));
  });

  it('is not live while its own probe is not heard', async () => {
    const deaf = feed(async () => {});
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(deaf.live).toBe(false);
  });

  it('is not live once closed, and says so', async () => {
    const heard: string[] = [];
    const closing = feed();
    closing.subscribe((table) => heard.push(table));
    await vi.waitFor(() => expect(closing.live).toBe(true), { timeout: 5_000 });
    await closing.close();
    expect(closing.live).toBe(false);
    expect(heard).toEqual(['*', '*']);
  });
});
