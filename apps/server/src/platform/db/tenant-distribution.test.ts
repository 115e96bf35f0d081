import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import { inKeyOrder, tableKinds, unclassifiedTables } from './distribution.js';
import * as schema from './schema.js';

/**
 * Could every tenant table be distributed by `partner_id` (Citus, docs/scaling-out.md)? A distributed
 * table's primary key and unique indexes must include its distribution column, its distribution
 * column is never null, and a foreign key between two distributed tables must include it on both
 * sides (the rows of one partner then live on one node). Foreign keys to reference tables (copied to
 * every node) are free; a reference table cannot point at a distributed one.
 *
 * Every table is classified by hand (distribution.ts), so that a new table fails this test until someone says
 * which kind it is, and a tenant table whose keys would not let it be distributed fails with the
 * change to make (migration 0023 made them all qualify). What must stay unique across partners is
 * claimed in platform_claims (a reference table), not by a unique index on a tenant table.
 */
const kinds = tableKinds;

const DISTRIBUTION = 'partner_id';
const dialect = new PgDialect();

/** An index column's name, or its expression as SQL without table names (`lower("login_username")`). */
const columnText = (c: unknown): string =>
  is(c, SQL) ? dialect.sqlToQuery(c).sql.replace(/"[a-z_]+"\./g, '') : (c as { name: string }).name;

const list = (columns: string[]) => `(${columns.join(', ')})`;

/** What would have to change for the table to be distributed by partner_id (empty: it qualifies). */
const gapsOf = (table: PgTable): string[] => {
  const config = getTableConfig(table);
  const gaps: string[] = [];
  const partner = config.columns.find((c) => c.name === DISTRIBUTION);
  if (!partner) gaps.push(`add ${DISTRIBUTION} (not null)`);
  else if (!partner.notNull) gaps.push(`${DISTRIBUTION} not null`);

  const primary = [
    ...config.columns.filter((c) => c.primary).map((c) => c.name),
    ...config.primaryKeys.flatMap((k) => k.columns.map((c) => c.name)),
  ];
  if (primary.length > 0 && !primary.includes(DISTRIBUTION))
    gaps.push(`primary key ${list(primary)} -> ${list([DISTRIBUTION, ...primary])}`);

  const uniques = [
    ...config.indexes
      .filter((i) => i.config.unique)
      .map((i) => ({ name: i.config.name ?? '?', columns: i.config.columns.map(columnText) })),
    ...config.uniqueConstraints.map((u) => ({ name: u.getName(), columns: u.columns.map((c) => c.name) })),
    ...config.columns.filter((c) => c.isUnique).map((c) => ({ name: c.uniqueName ?? c.name, columns: [c.name] })),
  ];
  for (const u of uniques)
    if (!u.columns.includes(DISTRIBUTION))
      gaps.push(`unique ${u.name} ${list(u.columns)} -> ${list([DISTRIBUTION, ...u.columns])}`);

  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = getTableConfig(ref.foreignTable).name;
    if (kinds[target] !== 'tenant') continue;
    const from = ref.columns.map((c) => c.name);
    const to = ref.foreignColumns.map((c) => c.name);
    if (!from.includes(DISTRIBUTION) || !to.includes(DISTRIBUTION))
      gaps.push(
        `foreign key ${list(from)} -> ${target}${list(to)} becomes ${list([DISTRIBUTION, ...from])} -> ${target}${list([DISTRIBUTION, ...to])}`,
      );
  }
  return gaps;
};

/** A reference or platform-local table must not point at a distributed one (Citus refuses it). */
const pointsAtTenants = (table: PgTable): string[] =>
  getTableConfig(table)
    .foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name)
    .filter((target) => kinds[target] === 'tenant');

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
const nameOf = (t: PgTable) => getTableConfig(t).name;

describe('distribution by partner_id (docs/scaling-out.md)', () => {
  it('classifies every table of the schema, and no table that is gone', () => {
    const counters = ['project_tab_counts', 'business_tab_counts'];
    expect([...tables.map(nameOf), ...counters].sort()).toEqual(Object.keys(kinds).sort());
  });

  it('classifies every table the migrations make, those without a drizzle table included', async () => {
    const database = await freshDatabase({ seeded: false });
    try {
      expect(await unclassifiedTables(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('keeps reference and platform-local tables from pointing at tenant tables', () => {
    const pointing = tables
      .filter((t) => kinds[nameOf(t)] !== 'tenant')
      .flatMap((t) => pointsAtTenants(t).map((target) => `${nameOf(t)} -> ${target}`));
    expect(pointing).toEqual([]);
  });

  it('keys every tenant table so that it can be distributed by partner_id', () => {
    const gaps = Object.fromEntries(
      tables
        .filter((t) => kinds[nameOf(t)] === 'tenant')
        .flatMap((t) => {
          const found = gapsOf(t);
          return found.length ? [[nameOf(t), found]] : [];
        }),
    );
    expect(gaps).toEqual({});
  });

  it('places each tenant and reference table after the tables of its kind it points at, every one once', () => {
    for (const kind of ['tenant', 'reference'] as const) {
      const order = inKeyOrder(kind);
      expect(order.slice().sort()).toEqual(
        Object.keys(kinds)
          .filter((n) => kinds[n] === kind)
          .sort(),
      );
      for (const table of tables.filter((t) => kinds[nameOf(t)] === kind))
        for (const fk of getTableConfig(table).foreignKeys) {
          const target = getTableConfig(fk.reference().foreignTable).name;
          if (kinds[target] === kind && target !== nameOf(table))
            expect(order.indexOf(target), `${nameOf(table)} -> ${target}`).toBeLessThan(order.indexOf(nameOf(table)));
        }
    }
  });
});
