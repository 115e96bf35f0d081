import { sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/open.js';

/**
 * The database's twin of `csvCell`: the report's lines are written by the database, a batch at a
 * time, so the server handles one string per batch instead of an object per row (on the embedded
 * database the per-row parsing was most of a report's cost). `sql-csv.test.ts` checks both agree.
 *
 * A cell a spreadsheet would run as a formula (leading = + - @ tab or carriage return) gets a
 * leading apostrophe; a cell with a comma, quote or line break is quoted with its quotes doubled.
 */
export const sqlCsvCell = (value: SQL): SQL => {
  const text = sql`coalesce((${value})::text, '')`;
  const safe = sql`(CASE WHEN ${text} ~ '^[-=+@\t\r]' THEN '''' || ${text} ELSE ${text} END)`;
  return sql`(CASE WHEN ${text} ~ '[",\r\n]' THEN '"' || replace(${safe}, '"', '""') || '"' ELSE ${safe} END)`;
};

/** One CSV line (cells joined by commas, ended by CRLF), as `csvLine` writes it. */
export const sqlCsvLine = (cells: SQL[]): SQL => sql`(${sql.join(cells.map(sqlCsvCell), sql` || ',' || `)} || E'\r\n')`;

/** A timestamp as `Date.toISOString()` writes it: UTC, milliseconds, Z. */
export const sqlIsoTime = (value: SQL | unknown): SQL => sql`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Money units (1/100000) as currency with two decimals, rounded half away from zero, without
 * thousands separators: `formatAmount(units)` with its commas removed.
 */
export const sqlAmount = (units: SQL | unknown): SQL => {
  const cents = sql`((abs((${units})::bigint) + 500) / 1000)`;
  return sql`(CASE WHEN (${units}) < 0 AND ${cents} > 0 THEN '-' ELSE '' END || (${cents} / 100)::text || '.' || lpad((${cents} % 100)::text, 2, '0'))`;
};

/** Where a keyset walk stands: the last row's time key (as the database wrote it, microseconds) and id. */
export type Keyset = { at: string; id: string };

/** The columns a batch's select gives, each aliased by its own name (`sql\`...\`.as('line')`). */
export type KeysetFields = { line: SQL.Aliased<string>; t: SQL.Aliased<unknown>; at: SQL.Aliased<string>; id: SQL.Aliased<string> };
export type KeysetPage = { as: <A extends string>(alias: A) => SubqueryWithSelection<KeysetFields, A> };

/** The select list of a batch: the CSV line of `cells`, and the keyset columns (time key `t`, `id`). */
export const keysetColumns = (cells: SQL[], t: SQL | unknown, id: SQL | unknown): KeysetFields => ({
  line: sql<string>`${sqlCsvLine(cells)}`.as('line'),
  t: sql<unknown>`${t}`.as('t'),
  at: sql<string>`(${t})::text`.as('at'),
  id: sql<string>`${id}`.as('id'),
});

/** The keyset condition: rows after `after` in (t, id) order. */
export const afterKeyset = (after: Keyset | null, t: SQL | unknown, id: SQL | unknown): SQL | undefined =>
  after ? sql`(${t}, ${id}) > (${after.at}::timestamptz, ${after.id})` : undefined;

/**
 * Walks a report in keyset batches of `size` rows and yields each batch as CSV text written by the
 * database. `page(after, size)` is the select of one batch: `line` (from `sqlCsvLine`), `t` (the
 * time key), `at` (`t::text`) and `id`, after `after` in (t, id) order, limited to `size`.
 */
export async function* keysetCsvBatches(db: DbOrTx, page: (after: Keyset | null, size: number) => KeysetPage, size = 5_000): AsyncGenerator<string> {
  let after: Keyset | null = null;
  for (;;) {
    const b: SubqueryWithSelection<KeysetFields, 'b'> = page(after, size).as('b');
    const [batch]: { text: string | null; rows: number; lastAt: string | null; lastId: string | null }[] = await db
      .select({
        text: sql<string | null>`string_agg(${b.line}, '' ORDER BY ${b.t}, ${b.id})`,
        rows: sql<number>`count(*)::int`,
        lastAt: sql<string | null>`(array_agg(${b.at} ORDER BY ${b.t} DESC, ${b.id} DESC))[1]`,
        lastId: sql<string | null>`(array_agg(${b.id} ORDER BY ${b.t} DESC, ${b.id} DESC))[1]`,
      })
      .from(b);
    if (!batch || batch.rows === 0 || batch.text === null) return;
    yield batch.text;
    if (batch.rows < size) return;
    after = { at: batch.lastAt!, id: batch.lastId! };
  }
}
