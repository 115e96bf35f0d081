import { PGlite } from '@electric-sql/pglite';
import { and, asc, gte, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysetRows, type KeysetSource } from './keyset-rows.js';
import type { Db } from './open.js';

// Rows ten to a microsecond: a batch edge falls among rows of one timestamp, finer than a Date holds.
const items = pgTable('items', {
  id: text('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  note: text('note'),
});
const client = new PGlite();
const db = drizzle(client) as unknown as Db;
beforeAll(async () => {
  await client.exec(`CREATE TABLE items (id text PRIMARY KEY, at timestamptz NOT NULL, note text);
    INSERT INTO items SELECT 'i' || lpad(i::text, 4, '0'), '2024-07-01 10:00:00.123456+00'::timestamptz + (i / 10) * interval '1 microsecond', 'note ' || i
    FROM generate_series(1, 1000) AS i;`);
});
afterAll(() => client.close());

const source = (since: string): KeysetSource => ({
  rows: (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) =>
    db
      .select(fields)
      .from(items)
      .where(and(gte(items.at, new Date(since)), extra))
      .orderBy(asc(items.at), asc(items.id))
      .$dynamic(),
  t: items.at,
  id: items.id,
});

const all = async (since: string, size: number) => {
  const batches: { id: string; note: string }[][] = [];
  for await (const batch of keysetRows<{ id: string; note: string }>(
    source(since),
    { id: items.id, note: items.note },
    size,
  ))
    batches.push(batch);
  return batches;
};

describe('keysetRows', () => {
  it.each([7, 10, 999, 1000, 5000])('batches of %i give every row once, in order, only its fields', async (size) => {
    const batches = await all('2024-01-01', size);
    expect(batches.every((b) => b.length <= size)).toBe(true);
    const rows = batches.flat();
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 1000 }, (_, i) => `i${String(i + 1).padStart(4, '0')}`));
    expect(rows[2]).toEqual({ id: 'i0003', note: 'note 3' });
  });

  it('an empty range gives no batch', async () => {
    expect(await all('2025-01-01', 10)).toEqual([]);
  });
});
