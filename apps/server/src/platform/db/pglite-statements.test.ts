import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { withStatementCache } from './pglite-statements.js';

// Both PGlite's own query and the cache's on one in-memory database: the answers must be the same.
let pglite: PGlite;
let cached: PGlite;
const kept = 4;
const prepared = async () =>
  (await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

beforeAll(async () => {
  pglite = await PGlite.create();
  cached = withStatementCache(pglite, kept);
  await pglite.exec(`
    create table t (id text primary key, at timestamptz, day date, n numeric, big bigint, flag boolean, doc jsonb, tags text[]);
    insert into t values ('a', '2026-01-02T03:04:05.123456Z', '2026-01-02', 12.5, 9007199254740993, true, '{"x":[1,2]}', '{p,q}'),
                         ('b', null, null, null, null, null, null, null);`);
});
afterAll(() => pglite.close());

describe('the embedded database statement cache', () => {
  it('answers as PGlite does: rows, fields, types, nulls, array rows and the caller parsers', async () => {
    const text = 'select * from t where id = any($1::text[]) order by id';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } },
    ]) {
      const mine = await cached.query(text, [['a', 'b']], options);
      const theirs = await pglite.query(text, [['a', 'b']], options);
      expect(mine).toEqual(theirs);
    }
    const at = new Date('2026-01-02T03:04:05.123Z');
    expect((await cached.query('select $1::timestamptz as at, $2::jsonb as doc', [at, { y: 1 }])).rows).toEqual([
      { at, doc: { y: 1 } },
    ]);
  });

  it('counts what a write changed, and keeps working after an error, which it reports with its code', async () => {
    const insert = 'insert into t (id, flag) values ($1, $2)';
    expect(await cached.query(insert, ['c', false])).toMatchObject({ affectedRows: 1 });
    const error = await cached.query(insert, ['c', true]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['c', true] });
    expect((await cached.query('select flag from t where id = $1', ['c'])).rows).toEqual([{ flag: false }]);
    expect(await cached.query('delete from t where id = $1', ['c'])).toMatchObject({ affectedRows: 1 });
    await expect(cached.query('selec oops $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect((await cached.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps at most its number of statements, closing the least recently used', async () => {
    for (let i = 0; i < 3 * kept; i += 1) {
      expect((await cached.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    }
    // The closes of the last evictions go out with the next run.
    await cached.query('select $1::int as n', [0]);
    expect(await prepared()).toBeLessThanOrEqual(kept);
  });

  it('never runs inside another caller transaction, and sees its changes once committed', async () => {
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query(`insert into t (id) values ('tx')`);
      inside();
      await released;
    });
    await holding;
    const read = cached.query('select count(*)::int as n from t where id = $1', ['tx']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await read).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when a migration changed the columns it reads', async () => {
    const text = 'select * from t where id = $1';
    expect((await cached.query(text, ['a'])).rows).toHaveLength(1);
    await pglite.exec('alter table t add column extra text');
    expect((await cached.query<{ extra: string | null }>(text, ['a'])).rows[0]!.extra).toBeNull();
  });

  it('leaves queries without values and COPY to PGlite itself', async () => {
    const before = await prepared();
    expect((await cached.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    const copied = await cached.query(`copy (select id from t order by id) to '/dev/blob' with (format csv)`);
    expect(await copied.blob!.text()).toContain('a\n');
    expect(await prepared()).toBe(before);
  });
});
