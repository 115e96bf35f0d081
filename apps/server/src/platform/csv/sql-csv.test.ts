import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@pc/contract';
import { parseCsv } from '../../../test/csv.js';
import { csvCell } from './csv.js';
import { sqlAmount, sqlFormulaSafe, sqlIsoTime } from './sql-csv.js';

// Report cells are written by the database's COPY: read back, they must be what csvCell's cells read back as.
const client = new PGlite();
afterAll(() => client.close());
const dialect = new PgDialect();

/** The one cell a COPY ... WITH (FORMAT csv) writes for `expression`, read back as a spreadsheet would. */
const copied = async (expression: SQL) => {
  const result = await client.query(
    `COPY (SELECT ${dialect.sqlToQuery(expression.inlineParams()).sql}) TO '/dev/blob' WITH (FORMAT csv)`,
  );
  return parseCsv(await result.blob!.text())[0]![0];
};
const readBack = (cell: string) => parseCsv(`${cell}\r\n`)[0]![0];

const tricky = fc.oneof(
  fc
    .array(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', ' ', 'é', '😀', '\\', '%', '.'), {
      maxLength: 8,
    })
    .map((cs) => cs.join('')),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/\0/g, '')),
);

describe('the cells the database writes read back as csvCell writes them', () => {
  it('any text, including formulas, quotes, commas and line breaks', async () => {
    await fc.assert(
      fc.asyncProperty(tricky, async (text) => {
        expect(await copied(sqlFormulaSafe(sql`${text}::text`))).toBe(readBack(csvCell(text)));
      }),
      { numRuns: 200 },
    );
  });

  it('a null is an empty cell', async () => {
    expect(await copied(sqlFormulaSafe(sql`null::text`))).toBe('');
  });

  it('amounts as formatAmount writes them, without thousands separators', async () => {
    const units = fc.oneof(
      fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
      fc.constantFrom(0, 499, 500, -500, -499, 1500, 99_999_500, 12_345_678_901),
    );
    await fc.assert(
      fc.asyncProperty(units, async (n) => {
        expect(await copied(sqlAmount(sql`${n}::bigint`))).toBe(readBack(csvCell(formatAmount(n).replace(/,/g, ''))));
      }),
      { numRuns: 150 },
    );
  });

  it('times as Date.toISOString writes them', async () => {
    for (const iso of ['2024-06-01T10:00:00.000Z', '2023-04-25T00:00:00.123Z', '2026-12-31T23:59:59.999Z']) {
      expect(await copied(sqlIsoTime(sql`${iso}::timestamptz`))).toBe(new Date(iso).toISOString());
    }
  });
});
