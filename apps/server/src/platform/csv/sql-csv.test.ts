import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@pc/contract';
import { csvCell, csvLine } from './csv.js';
import { sqlAmount, sqlCsvCell, sqlCsvLine, sqlIsoTime } from './sql-csv.js';

// The report's lines are written by the database: they must be exactly what the server's own CSV writer writes.
const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

const one = async (expression: SQL) => ((await db.execute(sql`select ${expression} as v`)).rows[0] as { v: string }).v;

const tricky = fc.oneof(
  fc.array(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', ' ', 'é', '😀', '\\', '%'), { maxLength: 8 }).map((cs) => cs.join('')),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/\0/g, '')),
);

describe('the database writes CSV as csvCell does', () => {
  it('any text cell, including formulas, quotes, commas and line breaks', async () => {
    await fc.assert(fc.asyncProperty(tricky, async (text) => {
          expect(await one(sqlCsvCell(sql`${text}::text`))).toBe(csvCell(text));
        }), { numRuns: 300 });
  });

  it('a null cell is empty, numbers are their text', async () => {
    expect(await one(sqlCsvCell(sql`null::text`))).toBe('');
    expect(await one(sqlCsvCell(sql`${-12}::int`))).toBe(csvCell(-12));
  });

  it('a line of cells ends with CRLF', async () => {
    expect(await one(sqlCsvLine([sql`${'=1+1'}::text`, sql`null::text`, sql`${'a,"b"'}::text`]))).toBe(csvLine(['=1+1', null, 'a,"b"']));
  });

  it('amounts as formatAmount writes them, without thousands separators', async () => {
    const units = fc.oneof(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.constantFrom(0, 499, 500, -500, -499, 1500, 99_999_500, 12_345_678_901));
    await fc.assert(fc.asyncProperty(units, async (n) => {
          expect(await one(sqlAmount(sql`${n}::bigint`))).toBe(formatAmount(n).replace(/,/g, ''));
        }), { numRuns: 200 });
  });

  it('times as Date.toISOString writes them', async () => {
    for (const iso of ['2024-06-01T10:00:00.000Z', '2023-04-25T00:00:00.123Z', '2026-12-31T23:59:59.999Z']) {
      expect(await one(sqlIsoTime(sql`${iso}::timestamptz`))).toBe(new Date(iso).toISOString());
    }
  });
});
