import { sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/open.js';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The foreign keys of the demo's rows checked once, after the seed wrote them all, rather than row
 * by row: PostgreSQL checks each row written with a query of its own (an internal trigger), which
 * on the embedded database cost about a third of the seed, the history writing some 30,000 rows
 * into tables that reference projects and partners it updates as it goes. It is what a bulk load
 * does (pg_restore's --disable-triggers): the check triggers are off inside the seed's transaction,
 * the other triggers (the tab counts, the balance days) fire as ever, and before it commits one
 * anti-join per foreign key finds any row without its referenced row, which fails the seed as the
 * row's check would have. The triggers are on again in the same transaction: a rolled back seed
 * leaves them as they were.
 *
 * Only on the embedded database, where the seed is alone (the data directory's lock) and runs as a
 * superuser (turning a constraint's trigger off needs one); on PostgreSQL every row is checked as
 * it is written, as any other process's are.
 */
export const withForeignKeysCheckedOnce = async <T>(tx: Tx, work: () => Promise<T>): Promise<T> => {
  const checks = rowsOf(
    await tx.execute(sql`
      select t.tgrelid::regclass::text as "table", t.tgname as "trigger"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = current_schema()::regnamespace and t.tgisinternal and t.tgenabled <> 'D'
        and t.tgfoid in ('"RI_FKey_check_ins"'::regproc, '"RI_FKey_check_upd"'::regproc)`),
  ) as { table: string; trigger: string }[];
  const toggle = async (to: 'enable' | 'disable') => {
    for (const c of checks) await tx.execute(sql.raw(`alter table ${c.table} ${to} trigger ${quoted(c.trigger)}`));
  };
  await toggle('disable');
  const result = await work();
  await toggle('enable');
  await checkForeignKeys(tx);
  return result;
};

/** Every foreign key of the schema holds: each row whose key columns are all set has its referenced row. */
const checkForeignKeys = async (tx: Tx) => {
  const keys = rowsOf(
    await tx.execute(sql`
      select k.conname as name, k.conrelid::regclass::text as "table", k.confrelid::regclass::text as referenced,
        array(select quote_ident(a.attname) from unnest(k.conkey) with ordinality as u(n, i)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
        array(select quote_ident(a.attname) from unnest(k.confkey) with ordinality as u(n, i)
          join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as "referencedColumns"
      from pg_constraint k
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`),
  ) as { name: string; table: string; referenced: string; columns: string[]; referencedColumns: string[] }[];
  if (keys.length === 0) return;
  // One statement for all of them: the name of each key that some row breaks.
  const probes = keys.map((k) => {
    const set = k.columns.map((c) => `c.${c} is not null`).join(' and ');
    const match = k.columns.map((c, i) => `p.${k.referencedColumns[i]} = c.${c}`).join(' and ');
    return `select '${k.name.replace(/'/g, "''")}' as name where exists (select 1 from ${k.table} c where ${set} and not exists (select 1 from ${k.referenced} p where ${match}))`;
  });
  const broken = rowsOf(await tx.execute(sql.raw(probes.join('\nunion all\n')))).map((r) => r.name as string);
  if (broken.length > 0) throw new Error(`The demo seed broke foreign keys: ${broken.join(', ')}`);
};
