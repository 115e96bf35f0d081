import { sql, type SQL } from 'drizzle-orm';

/**
 * Report cells the database writes (its COPY ... WITH (FORMAT csv) does the quoting), so a report
 * streams at close to the rate of a plain COPY: `sql-csv.test.ts` checks they read back as `csvCell`
 * writes them.
 */

/**
 * A text a spreadsheet would run as a formula (leading = + - @ tab or carriage return) gets a
 * leading apostrophe, as `csvCell` does. Only texts people typed need it (names, messages, numbers,
 * emails); ids, codes and our own formats cannot start so.
 */
export const sqlFormulaSafe = (text: SQL | unknown): SQL =>
  // The first character's code (= + - @ tab CR): an integer test, a third of the cost of comparing texts.
  sql`(CASE WHEN ascii(${text}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${text} ELSE ${text} END)`;

/** A timestamp as `Date.toISOString()` writes it: UTC, milliseconds, Z. */
export const sqlIsoTime = (value: SQL | unknown): SQL =>
  sql`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Money units (1/100000) in currency with two decimals, rounded half away from zero and without
 * thousands separators, as `formatAmount` writes them less its commas; a negative amount gets the
 * formula apostrophe, as `csvCell` would give it.
 */
export const sqlAmount = (units: SQL | unknown): SQL => {
  const text = sql`round((${units})::numeric / 100000, 2)::text`;
  return sql`(CASE WHEN (${units}) <= -500 THEN '''' || ${text} ELSE ${text} END)`;
};
