import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isDistributed, type DbOrTx } from './open.js';

/**
 * Bulk statements with one array parameter per column: `insert into t (a, b) select * from
 * unnest($1::text[], $2::timestamptz[]) as x(a, b)` instead of drizzle's `values (...), (...)`
 * with a parameter per value. drizzle builds a 1,000-row insert chunk by chunk (most of a charging
 * batch's CPU time went there) and PostgreSQL parses and binds each of its thousands of
 * parameters; here the statement is a few parameters whatever the row count, so its text is the
 * same for every batch and the rows travel as one string per column.
 *
 * Each array is written here as PostgreSQL's array literal (`{"a","b",NULL}`) and sent as a
 * string, so node-postgres and PGlite pass it on alike (neither has to know the array's type);
 * the statement's cast (`$1::text[]`) reads it. Values go through their drizzle column's
 * `mapToDriverValue` first (a Date to ISO text, a jsonb value to JSON), as drizzle's insert does;
 * the column types are those of scalars (text, numbers, booleans, timestamps, jsonb), not bytea.
 */

type Scalar = string | number | bigint | boolean;

const ESCAPED = /[\\"]/g;
const NEEDS_ESCAPE = /[\\"]/;

/** A PostgreSQL array literal of the values: each quoted (so any text is one element), null as NULL. */
export const arrayLiteral = <T>(
  values: readonly T[],
  toText: (value: NonNullable<T>) => Scalar = String as (value: NonNullable<T>) => Scalar,
): string => {
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else {
      const text = String(toText(v));
      out += `"${NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, '\\$&') : text}"`;
    }
  }
  return `${out}}`;
};

/** One text array parameter, for `= any(...)` in place of a long `in ($1, $2, ...)`. */
export const textArray = (values: readonly (string | null)[]): SQL => sql`${arrayLiteral(values)}::text[]`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Rows<T extends PgTable> = readonly T['$inferInsert'][];

/**
 * The rows split by which of the table's columns they set (a key set to undefined is not set),
 * each group in the rows' order, its columns in the table's order: usually one group.
 */
const byColumnsSet = <T extends PgTable>(table: T, rows: Rows<T>) => {
  const all = Object.entries(getTableColumns(table));
  const groups = new Map<string, { columns: [string, PgColumn][]; rows: Record<string, unknown>[] }>();
  for (const row of rows as Record<string, unknown>[]) {
    let set = '';
    for (const [key] of all) set += row[key] === undefined ? '0' : '1';
    let group = groups.get(set);
    if (!group) {
      group = { columns: all.filter((_, i) => set[i] === '1'), rows: [] };
      groups.set(set, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
};

/** A column's values as one array parameter of its SQL type. */
const columnArray = (column: PgColumn, values: unknown[]): SQL => {
  const literal = arrayLiteral(values, (v) => {
    if (is(v, SQL)) throw new Error(`unnest: column ${column.name} is given SQL, not a value`);
    return column.mapToDriverValue(v) as Scalar;
  });
  return sql`${literal}::${sql.raw(column.getSQLType())}[]`;
};

/**
 * `unnest($1::t1[], ...) as <alias>(c1, ...)`: the rows as a table in a FROM clause, its columns
 * named as the table's. Every row sets the same columns (see `unnestInserts` otherwise).
 */
export const unnestRows = (
  columns: readonly [string, PgColumn][],
  rows: readonly Record<string, unknown>[],
  alias = 'x',
): SQL => {
  const arrays = columns.map(([key, column]) =>
    columnArray(
      column,
      rows.map((r) => r[key]),
    ),
  );
  const names = columns.map(([, c]) => ident(c.name)).join(', ');
  return sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.raw(ident(alias))}(${sql.raw(names)})`;
};

/** One insert's parts: `insert into <table> (<columns>)` and the rows, `unnest(...) as x(<columns>)`. */
export type UnnestInsert = { into: SQL; rows: SQL };

/**
 * The parts of `insert into <table> (<columns>) select * from unnest(...)` for the rows, one per
 * set of columns the rows set (a column a row leaves out takes its default, as in drizzle's insert).
 */
export const unnestInsertParts = <T extends PgTable>(table: T, rows: Rows<T>): UnnestInsert[] =>
  byColumnsSet(table, rows).map(({ columns, rows: group }) => ({
    into: sql.raw(`insert into ${ident(getTableName(table))} (${columns.map(([, c]) => ident(c.name)).join(', ')})`),
    rows: unnestRows(columns, group),
  }));

/**
 * `insert into <table> (<columns>) select * from unnest(...)` for the rows, one statement per set
 * of columns the rows set: the caller adds what follows (`on conflict ...`, `returning ...`) to each.
 */
export const unnestInserts = <T extends PgTable>(table: T, rows: Rows<T>): SQL[] =>
  unnestInsertParts(table, rows).map(({ into, rows: from }) => sql`${into} select * from ${from}`);

/**
 * ` and <table>.partner_id = $1` when every row names one partner: a distributed database sends a
 * statement to one partner's node only when the partner is a value (docs/scaling.md), not a column
 * of the value list it is joined to. Nothing on one database (the same rows match).
 */
const onePartner = (name: string, key: readonly string[], rows: readonly Record<string, unknown>[]): SQL => {
  if (!key.includes('partnerId')) return sql``;
  const partners = new Set(rows.map((r) => r.partnerId));
  const [only] = partners;
  return partners.size === 1 && typeof only === 'string' ? sql` and ${sql.raw(`${name}.partner_id`)} = ${only}` : sql``;
};

/**
 * Changes to rows of a table, each found by its key columns: `update <table> set c = x.c ... from
 * unnest(...) as x where <table>.k = x.k ...`, one statement per run of changes that set the same
 * columns and name each row once, in the order given (so a row changed twice ends as one by one
 * updates would leave it).
 */
export const unnestUpdates = <T extends PgTable>(
  table: T,
  key: readonly (keyof T['$inferSelect'] & string)[],
  changes: readonly { key: Partial<T['$inferSelect']>; set: Partial<T['$inferSelect']> }[],
): SQL[] => {
  const all = getTableColumns(table);
  type Run = { set: string[]; rows: Record<string, unknown>[]; seen: Set<string> };
  const runs: Run[] = [];
  for (const change of changes) {
    const values = change.set as Record<string, unknown>;
    const set = Object.keys(all).filter((k) => !key.includes(k) && values[k] !== undefined);
    const id = key.map((k) => String((change.key as Record<string, unknown>)[k])).join('\u0000');
    let run = runs.at(-1);
    if (!run || run.set.join(',') !== set.join(',') || run.seen.has(id)) {
      run = { set, rows: [], seen: new Set() };
      runs.push(run);
    }
    run.seen.add(id);
    run.rows.push({ ...change.set, ...change.key });
  }
  const name = ident(getTableName(table));
  return runs
    .filter((r) => r.set.length > 0)
    .map(({ set, rows }) => {
      const columns = [...key, ...set].map((k) => [k, all[k]!] as [string, PgColumn]);
      const assign = set.map((k) => `${ident(all[k]!.name)} = x.${ident(all[k]!.name)}`).join(', ');
      const match = key.map((k) => `${name}.${ident(all[k]!.name)} = x.${ident(all[k]!.name)}`).join(' and ');
      return sql`update ${sql.raw(name)} set ${sql.raw(assign)} from ${unnestRows(columns, rows)} where ${sql.raw(match)}${onePartner(name, key, rows)}`;
    });
};

/** `column = any($1::text[])`: a text column among many values, one parameter whatever their count. */
export const anyOf = (column: PgColumn, values: readonly string[]): SQL => sql`${column} = any(${textArray(values)})`;

/** The rows of each value in turn, as the lateral probe answers them (a value given twice, twice). */
const byEachValue = (values: readonly string[], column: string, rows: Record<string, unknown>[]) => {
  const of = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    const key = String(r[column]);
    const list = of.get(key);
    if (list) list.push(r);
    else of.set(key, [r]);
  }
  return values.flatMap((v) => of.get(v) ?? []);
};

/**
 * The table's rows whose `column` is each of `values` (and `where`), found by one probe of its index
 * per value: a lateral subquery kept apart from the outer query (`offset 0`), so it is planned as
 * such whatever statistics the planner has. The embedded database gathers none, and on its defaults
 * a read by a partner's key looked through all the partner's rows. The rows come as drizzle's
 * select gives them (each column read by its own column type).
 */
export const rowsOfEach = async <T extends PgTable>(
  db: DbOrTx,
  table: T,
  column: PgColumn,
  values: readonly string[],
  where?: SQL,
): Promise<T['$inferSelect'][]> => {
  if (values.length === 0) return [];
  const columns = Object.entries(getTableColumns(table));
  const also = where ? sql` and ${where}` : sql``;
  // A distributed database cannot push a lateral probe from a list of values down to its nodes; it
  // plans `= any` per shard, with statistics of its own.
  const rows = isDistributed(db)
    ? byEachValue(
        values,
        column.name,
        (
          (await db.execute(sql`select * from ${table} where ${column} = any(${textArray(values)})${also}`)) as {
            rows: Record<string, unknown>[];
          }
        ).rows,
      )
    : (
        (await db.execute(
          sql`select t.* from unnest(${textArray(values)}) as each_value(v) cross join lateral (select * from ${table}
      where ${column} = each_value.v${also} offset 0) as t`,
        )) as { rows: Record<string, unknown>[] }
      ).rows;
  return rows.map(
    (r) =>
      Object.fromEntries(
        columns.map(([key, c]) => [
          key,
          r[c.name] === null || r[c.name] === undefined ? null : c.mapFromDriverValue(r[c.name]),
        ]),
      ) as T['$inferSelect'],
  );
};
