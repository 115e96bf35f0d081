import { PGlite } from '@electric-sql/pglite';
import { and, asc, gte, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv.js';
import { copyCsv, type CsvSource } from './copy-csv.js';
import type { Db } from './open.js';

// The embedded database copies in batches, each ending at a keyset edge: every row must come exactly once,
// also when many rows share one timestamp (a batch edge falls among them) and with values COPY must quote.
const items = pgTable('items', {
  id: text('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  note: text('note'),
});
const client = new PGlite();
const db = drizzle(client) as unknown as Db;
beforeAll(async () => {
  await client.exec(`CREATE TABLE items (id text PRIMARY KEY, at timestamptz NOT NULL, note text);
    INSERT INTO items SELECT 'i' || lpad(i::text, 4, '0'), '2024-07-01 10:00:00.123456+00'::timestamptz + (i / 10) * interval '1 microsecond',
      CASE WHEN i % 3 = 0 THEN 'a, "quoted"' || chr(10) || 'note ' || i ELSE 'note ' || i END
    FROM generate_series(1, 1000) AS i;`);
});
afterAll(() => client.close());

const source = (since: string): CsvSource => ({
  rows: (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) =>
    db
      .select(fields)
      .from(items)
      .where(and(gte(items.at, new Date(since)), extra))
      .orderBy(asc(items.at), asc(items.id))
      .$dynamic(),
  cells: [sql`${items.id}`, sql`${items.note}`],
  t: items.at,
  id: items.id,
});

const read = async (chunks: AsyncIterable<Buffer>) => {
  let text = '';
  for await (const chunk of chunks) text += chunk.toString('utf8');
  return parseCsv(text);
};

describe('copyCsv on the embedded database', () => {
  it.each([7, 10, 999, 1000, 5000])(
    'batches of %i give every row once, in order, quoted where needed',
    async (size) => {
      const rows = await read(copyCsv(db, source('2024-01-01'), size));
      expect(rows.map((r) => r[0])).toEqual(
        Array.from({ length: 1000 }, (_, i) => `i${String(i + 1).padStart(4, '0')}`),
      );
      expect(rows[2]![1]).toBe('a, "quoted"\nnote 3');
    },
  );

  it('an empty range gives nothing', async () => {
    expect(await read(copyCsv(db, source('2025-01-01'), 10))).toEqual([]);
  });
});
