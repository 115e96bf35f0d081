import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { readEnv } from '../../env.js';
import { withNamedStatements } from './pg-statements.js';

// On PostgreSQL only (DATABASE_URL): the embedded database has its own cache (pglite-statements.ts).
const url = readEnv().DATABASE_URL;
const kept = 3;
let raw: pg.Pool;
let pool: pg.Pool;
/** The statements the pool's one connection has prepared. */
const preparedTexts = async () =>
  (await raw.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

describe.skipIf(!url)(`named statements on PostgreSQL${url ? '' : ' (DATABASE_URL not set)'}`, () => {
  beforeAll(async () => {
    // One connection, so that what it prepared can be read back on it.
    raw = new pg.Pool({ connectionString: url, max: 1 });
    pool = withNamedStatements(raw, kept);
    await raw.query('drop table if exists named_t; create table named_t (id text primary key, n int)');
    await raw.query(`insert into named_t values ('a', 1), ('b', 2)`);
  });
  afterAll(async () => {
    await raw.query('drop table if exists named_t');
    await raw.end();
  });

  it('names a text with values once and answers as before, rows and errors alike', async () => {
    const text = 'select id, n from named_t where n >= $1 order by id';
    expect((await pool.query(text, [1])).rows).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect((await pool.query({ text, rowMode: 'array' } as pg.QueryConfig, [2])).rows).toEqual([['b', 2]]);
    expect(await preparedTexts()).toEqual([text]);
    // Without values, or a COPY: sent as they are.
    expect((await pool.query('select count(*)::int as c from named_t')).rows).toEqual([{ c: 2 }]);
    expect(await preparedTexts()).toEqual([text]);
    await expect(pool.query(`insert into named_t values ($1, $2)`, ['a', 3])).rejects.toMatchObject({ code: '23505' });
    // pg-pool drops a connection whose query failed: the next one prepares the text again.
    expect((await pool.query(text, [2])).rows).toEqual([{ id: 'b', n: 2 }]);
    expect(await preparedTexts()).toEqual([text]);
  });

  it('names at most its number of texts; the rest run unnamed', async () => {
    for (let i = 0; i < 2 * kept; i += 1)
      expect((await pool.query(`select $1::int + ${i} as n`, [1])).rows[0].n).toBe(1 + i);
    expect((await preparedTexts()).length).toBeLessThanOrEqual(kept);
  });

  it('runs a text unnamed once a migration changed the type of a column it reads', async () => {
    const fresh = withNamedStatements(raw, kept);
    const text = 'select n from named_t where id = $1';
    expect((await fresh.query(text, ['a'])).rows).toEqual([{ n: 1 }]);
    expect(await preparedTexts()).toContain(text);
    await raw.query('alter table named_t alter column n type bigint');
    expect((await fresh.query(text, ['a'])).rows).toEqual([{ n: '1' }]);
    expect((await fresh.query(text, ['b'])).rows).toEqual([{ n: '2' }]);
  });
});
