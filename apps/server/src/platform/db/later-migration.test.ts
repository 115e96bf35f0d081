import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCitusCluster, type CitusCluster } from '../../../../../scripts/citus-cluster.mjs';
import { placementPending, tableKinds, unclassifiedTables } from './distribution.js';
import { migrate, migrationsFolder } from './migrate.js';
import { migrateWhenBehind, migrationsApplied } from './migrations-applied.js';
import { fromPostgres, noteDistribution, type Database, type Db } from './open.js';
import { onNode, rowsOf } from '../../../test/citus-nodes.js';

/**
 * A console on Citus, migrated up to 0050 by an older build and placed, with rows, then upgraded: the
 * new build's start applies the migrations added since (0051 makes the tenant table
 * `partner_balances`, 0052 the reference table `partner_directory`, each with a foreign key to the
 * reference table `partners` and rows copied from tables already placed), then places the tables
 * they made. Citus makes such a table a local table of its own on the coordinator as the migration
 * creates it; the start places it as its kind says all the same (distribution.ts, `placedTables`).
 * On a cluster of this test's own; with the Citus suite (`npm run test:citus`, CI).
 */
const skipped = process.env.CITUS_SUITE ? '' : 'skipped: it runs with the Citus suite, npm run test:citus';

const DATABASE = 'pc_later_migration';
/** The last migration the older build carried. */
const OLDER_BUILD_LAST = 50;

type Journal = { entries: { idx: number; tag: string }[] };

/** The older build's migrations: this build's up to `last`, with their journal cut there. */
const olderMigrations = (last: number) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pc-older-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
  for (const { tag } of journal.entries)
    cpSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
};

/**
 * Rows as the 0050 schema takes them (the demo seed writes the current schema): six partners with
 * central balances (one below zero, one zero), a business each, three projects each, a private app
 * for every other project.
 */
const olderRows = [
  `insert into partners (id, type, currency, name, central_balance)
    select 'partner-' || i, 'WHITELABEL', 'INR', 'Partner ' || i, (i - 2) * 1250
    from generate_series(1, 6) i`,
  `insert into businesses (id, partner_id, display_name, email, timezone, currency, country_code)
    select 'business-' || i, 'partner-' || i, 'Business ' || i, 'owner' || i || '@example.com', 'Asia/Kolkata', 'INR', 'IN'
    from generate_series(1, 6) i`,
  `insert into projects (id, partner_id, business_id, name, currency)
    select 'project-' || i || '-' || j, 'partner-' || i, 'business-' || i, 'Project ' || i || '.' || j, 'INR'
    from generate_series(1, 6) i, generate_series(1, 3) j`,
  `insert into private_apps (id, partner_id, project_id, client_id, password_hash)
    select 'app-' || id, partner_id, id, 'client-' || id, 'hash' from projects where right(id, 1) in ('1', '3')`,
];

/** What 0051 and 0052 carry over, and the lists' counters beside a count of the rows they count. */
const expectedOf = async (db: Db) => ({
  balances: await rowsOf(db, sql`select id as partner, central_balance::text as balance from partners order by 1`),
  directory: await rowsOf(
    db,
    sql`select id, 'project' as kind, partner_id as partner, created_at::text as at from projects
      union all
      select id, 'private-app', partner_id, created_at::text from private_apps order by 1, 2`,
  ),
});
const countersOf = async (db: Db) => ({
  counted: await rowsOf(
    db,
    sql`select partner_id as partner, sum(n)::int as n from project_tab_counts group by 1 having sum(n) <> 0 order by 1`,
  ),
  rows: await rowsOf(db, sql`select partner_id as partner, count(*)::int as n from projects group by 1 order by 1`),
});

type Placement = { table: string; method: string; column: string | null; colocation: number; model: string };
const placementOf = (db: Db) =>
  rowsOf<Placement>(
    db,
    sql`select logicalrelid::regclass::text as table, partmethod as method,
      column_to_column_name(logicalrelid, partkey) as column, colocationid as colocation, repmodel as model
      from pg_dist_partition order by 1`,
  );

describe.skipIf(skipped)(
  `a Citus database placed by an older build, with rows, upgraded: migrations added later${skipped ? ` (${skipped})` : ''}`,
  () => {
    let cluster: CitusCluster;
    let url: string;
    let folder: string;
    let database: Database | undefined;
    let expected: Awaited<ReturnType<typeof expectedOf>>;
    let countersBefore: Awaited<ReturnType<typeof countersOf>>;
    let olderPlacement: Placement[];

    /** What the console does when it starts on its database (main.ts, server.ts). */
    const consoleStarts = async () => {
      const opened = await noteDistribution(fromPostgres(url));
      await migrateWhenBehind(opened);
      return opened;
    };

    beforeAll(async () => {
      cluster = await startCitusCluster({ prefix: 'pc-citus-later-' });
      const [coordinator, ...workers] = cluster.nodes;
      url = `postgres://postgres@127.0.0.1:${coordinator!.port}/${DATABASE}`;
      // The database on every node, with Citus, its coordinator's list of the nodes in it.
      for (const node of cluster.nodes)
        await onNode(node.port, 'postgres', [
          'set citus.enable_create_database_propagation = off',
          `create database ${DATABASE}`,
        ]);
      for (const node of cluster.nodes) await onNode(node.port, DATABASE, ['create extension citus']);
      await onNode(coordinator!.port, DATABASE, [
        `select citus_set_coordinator_host('127.0.0.1', ${coordinator!.port})`,
        ...workers.map((w) => `select citus_add_node('127.0.0.1', ${w.port})`),
      ]);

      // The older build: migrated up to 0050 and placed, then rows written.
      folder = olderMigrations(OLDER_BUILD_LAST);
      const older = await noteDistribution(fromPostgres(url));
      try {
        await migrate(older, { folder });
        await onNode(coordinator!.port, DATABASE, olderRows);
        olderPlacement = await placementOf(older.db);
        expected = await expectedOf(older.db);
        countersBefore = await countersOf(older.db);
      } finally {
        await older.close();
      }

      // Upgraded: the new build starts.
      database = await consoleStarts();
    }, 600_000);
    afterAll(async () => {
      await Promise.race([database?.close().catch(() => {}), sleep(5000)]);
      cluster?.remove(process.env.CITUS_LOG_DIR);
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    it('was placed by the older build without the later tables', () => {
      const of = new Map(olderPlacement.map((p) => [p.table, p]));
      expect(of.get('projects')).toMatchObject({ method: 'h', column: 'partner_id' });
      expect(of.get('partners')).toMatchObject({ method: 'n', model: 't' });
      expect(of.has('partner_balances') || of.has('partner_directory')).toBe(false);
      expect(expected.balances.length).toBe(6);
      expect(expected.directory.length).toBe(18 + 12);
    });

    it('applies the later migrations and places their tables at the start', async () => {
      const db = database!.db;
      expect(await migrationsApplied(db)).toBe(true);
      expect(await placementPending(db)).toBe(false);
      expect(await unclassifiedTables(db)).toEqual([]);
      const of = new Map((await placementOf(db)).map((p) => [p.table, p]));
      expect(of.get('partner_balances')).toMatchObject({
        method: 'h',
        column: 'partner_id',
        colocation: of.get('projects')!.colocation,
      });
      expect(of.get('partner_directory')).toMatchObject({ method: 'n', model: 't' });
      // Every tenant table distributed, co-located; every reference table copied; no Citus local
      // table left of either kind.
      const kind = (k: string) =>
        Object.keys(tableKinds)
          .filter((t) => tableKinds[t] === k)
          .sort();
      expect(kind('tenant').map((t) => of.get(t) && [of.get(t)!.method, of.get(t)!.column])).toEqual(
        kind('tenant').map(() => ['h', 'partner_id']),
      );
      expect(new Set(kind('tenant').map((t) => of.get(t)!.colocation)).size).toBe(1);
      expect(kind('reference').map((t) => of.get(t) && [of.get(t)!.method, of.get(t)!.model])).toEqual(
        kind('reference').map(() => ['n', 't']),
      );
    });

    it('keeps every balance and makes one directory row per project and per private app', async () => {
      const db = database!.db;
      expect(
        await rowsOf(
          db,
          sql`select partner_id as partner, central_balance::text as balance from partner_balances order by 1`,
        ),
      ).toEqual(expected.balances);
      expect(
        await rowsOf(
          db,
          sql`select id, kind, partner_id as partner, created_at::text as at from partner_directory order by 1, 2`,
        ),
      ).toEqual(expected.directory);
      expect(
        await rowsOf(
          db,
          sql`select 1 from information_schema.columns where table_name = 'partners' and column_name = 'central_balance'`,
        ),
      ).toEqual([]);
    });

    it("holds the new tables' rows in the workers' shards, none left in coordinator-local copies", async () => {
      const db = database!.db;
      const [coordinator, ...workers] = cluster.nodes;
      const placements = await rowsOf<{ port: number; n: string }>(
        db,
        sql`select nodeport as port, sum(result::bigint)::text as n
          from run_command_on_placements('partner_balances', 'select count(*) from %s') group by 1 order by 1`,
      );
      expect(placements.map((p) => Number(p.port))).toEqual(workers.map((w) => w.port).sort((a, b) => a - b));
      expect(placements.reduce((n, p) => n + Number(p.n), 0)).toBe(expected.balances.length);
      // The reference table: every node holds all its rows, the coordinator too.
      const copies = await rowsOf<{ port: number; n: string }>(
        db,
        sql`select nodeport as port, result as n
          from run_command_on_placements('partner_directory', 'select count(*) from %s') order by 1`,
      );
      expect(copies.map((c) => Number(c.port)).sort()).toEqual(cluster.nodes.map((n) => n.port).sort());
      expect(copies.every((c) => Number(c.n) === expected.directory.length)).toBe(true);
      // No shard of a distributed table on the coordinator (a Citus local table's is), and no
      // coordinator shell holding rows.
      expect(
        await rowsOf(
          db,
          sql`select distinct s.table_name::text as table from citus_shards s
            join pg_dist_partition p on p.logicalrelid = s.table_name
            where s.nodeport = ${coordinator!.port} and p.partmethod = 'h'`,
        ),
      ).toEqual([]);
      expect(
        await rowsOf(
          db,
          sql`select logicalrelid::regclass::text as table from pg_dist_partition
            where (partmethod = 'h' or repmodel = 't') and pg_relation_size(logicalrelid) > 0`,
        ),
      ).toEqual([]);
    });

    it("keeps the lists' counters, and the moved balance is written like any tenant row", async () => {
      const db = database!.db;
      expect(countersBefore.counted).toEqual(countersBefore.rows);
      expect(await countersOf(db)).toEqual(countersBefore);
      await db.execute(
        sql`insert into projects (id, partner_id, business_id, name, currency)
          values ('project-2-4', 'partner-2', 'business-2', 'Project 2.4', 'INR')`,
      );
      const counters = await countersOf(db);
      expect(counters.counted).toEqual(counters.rows);
      expect(counters.rows.find((r) => r.partner === 'partner-2')).toEqual({ partner: 'partner-2', n: 4 });
      await db.execute(
        sql`update partner_balances set central_balance = central_balance + 7 where partner_id = 'partner-2'`,
      );
      expect(
        await rowsOf(
          db,
          sql`select central_balance::text as balance from partner_balances where partner_id = 'partner-2'`,
        ),
      ).toEqual([{ balance: '7' }]);
    });

    it('places nothing more on the next start', async () => {
      const db = database!.db;
      const shards = () => rowsOf(db, sql`select shardid, nodeport from citus_shards order by 1, 2`);
      const [placedBefore, shardsBefore] = [await placementOf(db), await shards()];
      const again = await consoleStarts();
      try {
        expect(await placementPending(again.db)).toBe(false);
      } finally {
        await again.close();
      }
      await migrate(database!);
      expect(await placementOf(db)).toEqual(placedBefore);
      expect(await shards()).toEqual(shardsBefore);
    });
  },
);
