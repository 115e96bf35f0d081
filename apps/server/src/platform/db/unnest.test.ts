import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from './open.js';
import { arrayLiteral, rowsOfEach, textArray, unnestInserts, unnestUpdates } from './unnest.js';

// On the database the run uses (embedded, or DATABASE_URL's): both drivers must read the arrays alike.
const things = pgTable(
  'unnest_things',
  {
    id: text('id').notNull(),
    owner: text('owner').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    body: jsonb('body').$type<unknown>(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    count: integer('count'),
    flag: boolean('flag').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.owner] })],
);

let database: Database;
const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: R[] }).rows;

beforeAll(async () => {
  database = await freshDatabase({ seeded: false });
  await database.db.execute(sql`create table unnest_things (id text not null, owner text not null, note text,
    at timestamptz not null, body jsonb, amount bigint not null default 0, count integer,
    flag boolean not null default false, created_at timestamptz not null default now(), primary key (id, owner))`);
});
afterAll(async () => {
  await database?.close();
});

const awkward = ['plain', 'a "quoted", {braced} word', 'back\\slash \\" and NULL', 'NULL', '', ' spaced ', 'ünï 😀'];

describe('unnest statements', () => {
  it('writes an array literal PostgreSQL reads back element for element', async () => {
    const values = [...awkward, null];
    const [read] = await rows<{ a: (string | null)[] }>(sql`select ${arrayLiteral(values)}::text[] as a`);
    expect(read!.a).toEqual(values);
    const [any] = await rows<{ n: number }>(
      sql`select count(*)::int as n from unnest(${textArray(awkward)}) as t(v) where v = any(${textArray(['NULL', ''])})`,
    );
    expect(any!.n).toBe(2);
  });

  it('inserts rows of every column type, nulls, defaults and jsonb alike, with on conflict and returning', async () => {
    const at = new Date('2026-07-01T10:00:00.123Z');
    const input = awkward.map((note, i) => ({
      id: `t${i}`,
      owner: 'o1',
      note: i === 3 ? null : note,
      at: new Date(at.getTime() + i * 1000),
      body: i % 2 ? { note, n: i, nested: [1, 'two', null] } : null,
      amount: 9_007_199_254_740_991 - i,
      count: i === 0 ? null : i,
      flag: i % 2 === 0,
    }));
    await database.db.transaction(async (tx) => {
      for (const insert of unnestInserts(things, input))
        expect(
          ((await tx.execute(sql`${insert} on conflict do nothing returning id`)) as unknown as { rows: unknown[] })
            .rows,
        ).toHaveLength(input.length);
      // Again, with one new row: only it is written.
      const again = [...input, { ...input[0]!, id: 'new' }];
      const returned = [];
      for (const insert of unnestInserts(things, again))
        returned.push(
          ...((await tx.execute(sql`${insert} on conflict do nothing returning id`)) as unknown as { rows: unknown[] })
            .rows,
        );
      expect(returned).toEqual([{ id: 'new' }]);
    });
    const stored = await database.db
      .select()
      .from(things)
      .where(sql`${things.owner} = 'o1' and ${things.id} <> 'new'`);
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const r of input) expect(byId.get(r.id)).toEqual({ ...r, body: r.body, createdAt: expect.any(Date) as Date });
  });

  it('splits rows by the columns they set: a column left out takes its default', async () => {
    const at = new Date('2026-07-02T00:00:00Z');
    const created = new Date('2020-01-01T00:00:00Z');
    const statements = unnestInserts(things, [
      { id: 'd1', owner: 'o2', at },
      { id: 'd2', owner: 'o2', at, createdAt: created, flag: true },
      { id: 'd3', owner: 'o2', at, note: undefined },
    ]);
    expect(statements).toHaveLength(2);
    for (const s of statements) await database.db.execute(s);
    const stored = await rows<{ id: string; flag: boolean; old: boolean; amount: string }>(
      sql`select id, flag, created_at < '2021-01-01' as old, amount::text from unnest_things where owner = 'o2' order by id`,
    );
    expect(stored).toEqual([
      { id: 'd1', flag: false, old: false, amount: '0' },
      { id: 'd2', flag: true, old: true, amount: '0' },
      { id: 'd3', flag: false, old: false, amount: '0' },
    ]);
  });

  it('updates rows by key, a row changed twice as one by one updates would leave it', async () => {
    const at = new Date('2026-07-03T00:00:00Z');
    for (const s of unnestInserts(
      things,
      ['u1', 'u2', 'u3'].map((id) => ({ id, owner: 'o3', at })),
    ))
      await database.db.execute(s);
    const statements = unnestUpdates(
      things,
      ['owner', 'id'],
      [
        { key: { owner: 'o3', id: 'u1' }, set: { note: 'first', body: { a: '"x"' } } },
        { key: { owner: 'o3', id: 'u2' }, set: { note: 'second', body: null } },
        { key: { owner: 'o3', id: 'u1' }, set: { note: 'again', body: { b: 1 } } },
        { key: { owner: 'o3', id: 'u3' }, set: { count: 3 } },
      ],
    );
    expect(statements).toHaveLength(3);
    await database.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(s);
    });
    const stored = await database.db
      .select({ id: things.id, note: things.note, body: things.body, count: things.count })
      .from(things)
      .where(sql`${things.owner} = 'o3'`)
      .orderBy(things.id);
    expect(stored).toEqual([
      { id: 'u1', note: 'again', body: { b: 1 }, count: null },
      { id: 'u2', note: 'second', body: null, count: null },
      { id: 'u3', note: null, body: null, count: 3 },
    ]);
  });

  it('reads rows by each of many keys as drizzle reads them', async () => {
    const at = new Date('2026-07-04T00:00:00.123Z');
    for (const s of unnestInserts(things, [
      { id: 'r1', owner: 'o4', at, body: { a: [1, 'b'] }, amount: 12, count: 3, note: 'x "y"' },
      { id: 'r2', owner: 'o4', at, flag: true },
      { id: 'r1', owner: 'o5', at },
    ]))
      await database.db.execute(s);
    const read = await database.db.transaction((tx) =>
      rowsOfEach(tx, things, things.id, ['r1', 'r2', 'none', 'r1'], sql`${things.owner} = 'o4'`),
    );
    const expected = await database.db
      .select()
      .from(things)
      .where(sql`${things.owner} = 'o4'`);
    const byId = (rows: typeof expected) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    // Each value probes once: a value given twice finds its row twice, one not found finds none.
    expect(byId(read)).toEqual(byId([...expected, expected.find((r) => r.id === 'r1')!]));
    expect(await rowsOfEach(database.db, things, things.id, [])).toEqual([]);
  });
});
