import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './open.js';

/** The longest word prefix the index holds (migration 0020's project_name_prefixes). */
const PREFIX_CHARS = 20;

/**
 * The words of a typed search, split by the same parser as the names ('simple': lower case, no
 * stemming), asked of the database so both sides always split alike. Text without a word gives [].
 */
export const searchWords = async (db: DbOrTx, text: string): Promise<string[]> => {
  const result = (await db.execute(
    sql`select distinct lexeme as word from unnest(to_tsvector('simple', ${text}))`,
  )) as unknown as { rows: { word: string }[] };
  return result.rows.map((r) => r.word);
};

/**
 * A project name matching every word at the beginning of one of its words ("kite camp" finds
 * "Kite Campaign 01"), through the GIN index of the names' word prefixes (migration 0020). The
 * words are literal values, so the planner reads how common each one is from the index's
 * statistics: a rare word is looked up in the index, a word most names have is checked while
 * walking the date index. A word longer than the index's prefixes is also checked on the name.
 */
export const nameMatches = (name: AnyPgColumn, words: string[]): SQL => {
  if (words.length === 0) return sql`false`;
  const prefixes = words.map((w) => Array.from(w).slice(0, PREFIX_CHARS).join(''));
  const indexed = sql`project_name_prefixes(${name}) @> array[${sql.join(
    prefixes.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const long = words.filter((w) => Array.from(w).length > PREFIX_CHARS);
  return long.length === 0 ? indexed : and(indexed, nameHasWords(name, long))!;
};

/**
 * The same match checked on the name itself, without the index: cheaper per row than computing the
 * prefixes (for a scan that must read the rows anyway, as an "or" with another column does).
 */
export const nameHasWords = (name: AnyPgColumn, words: string[]): SQL => {
  if (words.length === 0) return sql`false`;
  const query = words.map((w) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
  return sql`to_tsvector('simple', ${name}) @@ to_tsquery('simple', ${query})`;
};

/**
 * Whether the planner expects more than `n` projects of the partner to match the words (from the
 * prefix index's statistics). A count that stops at a bound reads the rows one by one when most
 * names match; it then checks them with nameHasWords, about three times cheaper per row than the
 * prefixes, and still finds a rare word through the index otherwise.
 */
export const manyMatch = async (
  db: DbOrTx,
  table: { partnerId: AnyPgColumn; name: AnyPgColumn },
  partnerId: string,
  words: string[],
  n: number,
): Promise<boolean> => {
  if (words.length === 0) return false;
  const result = (await db.execute(
    sql`explain (format json) select 1 from projects where ${table.partnerId} = ${partnerId} and ${nameMatches(table.name, words)}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as ExplainedPlan[];
  return (plan[0] ? rowsExpected(plan[0]) : 0) > n;
};

type ExplainedPlan = {
  Plan: {
    'Plan Rows': number;
    'Distributed Query'?: { Job?: { Tasks?: { 'Remote Plan'?: ExplainedPlan[][] }[] } };
  };
};

/**
 * The rows a plan expects. On Citus the coordinator's plan is a scan of the nodes' answers
 * (0 rows); the partner's one task carries the node's own plan, which is the estimate.
 */
const rowsExpected = (plan: ExplainedPlan): number => {
  const remote = plan.Plan['Distributed Query']?.Job?.Tasks?.[0]?.['Remote Plan']?.[0]?.[0];
  return remote ? rowsExpected(remote) : plan.Plan['Plan Rows'];
};
