import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCitusCluster, type CitusCluster } from '../../../../../scripts/citus-cluster.mjs';
import { buildApp } from '../../app.js';
import { readEnv, type Env } from '../../env.js';
import { createOutbox } from '../../providers/mail/outbox.js';
import { seedDemoOnStart } from '../../seed/start.js';
import { call, signIn } from '../../../test/harness.js';
import { createTokenService } from '../auth/tokens.js';
import { tableKinds, unclassifiedTables } from './distribution.js';
import { migrate } from './migrate.js';
import { migrateWhenBehind } from './migrations-applied.js';
import { fromPostgres, isDistributed, noteDistribution, type Database, type Db } from './open.js';
import { onNode, rowsOf } from '../../../test/citus-nodes.js';

/**
 * A console that ran on one PostgreSQL (migrated, the demo seeded) made a Citus coordinator in place,
 * as an operator would (docs/scaling.md, "For operators"): the extension created in its database,
 * the coordinator's host set and the workers added, then the console started again, whose migrate
 * places the tables with their rows. On a cluster of this test's own; with the Citus suite
 * (`npm run test:citus`, CI).
 */
const skipped = process.env.CITUS_SUITE ? '' : 'skipped: it runs with the Citus suite, npm run test:citus';

const DATABASE = 'pc_in_place';
const kindOf = (kind: string) =>
  Object.keys(tableKinds)
    .filter((t) => tableKinds[t] === kind)
    .sort();

/**
 * Every table's rows: its count and the sum of each of its number columns (money is bigint), the
 * ledger's sum per partner and balance, every central balance, and the lists' counters beside a
 * count of the rows they count.
 */
const snapshot = async (db: Db) => {
  const numeric = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as table, column_name as column from information_schema.columns
      where table_schema = current_schema() and data_type in ('bigint', 'integer', 'smallint', 'numeric')
      order by 1, 2`,
  );
  const tables: Record<string, Record<string, string>> = {};
  for (const table of Object.keys(tableKinds).sort()) {
    const sums = numeric
      .filter((c) => c.table === table)
      .map((c) => `coalesce(sum(${JSON.stringify(c.column)}), 0)::text as ${JSON.stringify(c.column)}`);
    const [row] = await rowsOf<Record<string, string>>(
      db,
      sql.raw(`select ${['count(*)::text as "rows"', ...sums].join(', ')} from ${JSON.stringify(table)}`),
    );
    tables[table] = row!;
  }
  const ledger = await rowsOf(
    db,
    sql`select partner_id, balance, count(*)::int as n, sum(amount)::text as amount from billing_logs
      group by 1, 2 order by 1, 2`,
  );
  // Wherever the central balance is kept (a column of partners, or a table of its own).
  const balances: Record<string, unknown> = {};
  for (const { table } of await rowsOf<{ table: string }>(
    db,
    sql`select table_name as table from information_schema.columns
      where table_schema = current_schema() and column_name = 'central_balance' order by 1`,
  )) {
    const key = table === 'partners' ? 'id' : 'partner_id';
    balances[table] = await rowsOf(
      db,
      sql.raw(`select ${key} as partner, central_balance::text as balance from ${table} order by 1`),
    );
  }
  const counters = {
    projects: await rowsOf(
      db,
      sql`select partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan,
        bvbp_process, kyc_remark, n from project_tab_counts where n <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    ),
    projectsCounted: await rowsOf(
      db,
      sql`select partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan,
        bvbp_process, case when kyc_remark is null then null else '' end as kyc_remark, count(*)::int as n
        from projects group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    ),
    businesses: await rowsOf(
      db,
      sql`select partner_id, archived, referral_agent_id, n from business_tab_counts where n <> 0 order by 1, 2, 3`,
    ),
    businessesCounted: await rowsOf(
      db,
      sql`select partner_id, archived, referral_agent_id, count(*)::int as n from businesses
        group by 1, 2, 3 order by 1, 2, 3`,
    ),
  };
  return { tables, ledger, balances, counters };
};

describe.skipIf(skipped)(
  `a console's database with rows made a Citus coordinator in place${skipped ? ` (${skipped})` : ''}`,
  () => {
    let cluster: CitusCluster;
    let url: string;
    let env: Env;
    let dataDir: string;
    let database: Database | undefined;
    let before: Awaited<ReturnType<typeof snapshot>>;
    let after: Awaited<ReturnType<typeof snapshot>>;
    let projectsBefore: unknown;
    let placedMs = 0;
    let placedAtStart = false;

    /** What the console does when it starts on its database (main.ts, server.ts). */
    const consoleStarts = async () => {
      const opened = await noteDistribution(fromPostgres(url));
      await migrateWhenBehind(opened);
      return opened;
    };

    /** Owner's project list, through the API, as the web asks for it. */
    const projectsListed = async (db: Db) => {
      const app = await buildApp({
        db,
        env,
        tokens: createTokenService('in-place-secret-in-place-secret-in-place!'),
        mail: createOutbox(path.join(dataDir, 'outbox'), env.SMTP_FROM),
        now: () => new Date(),
      });
      try {
        const token = await signIn(app, 'owner', 'Owner@123');
        const listed = await call<{ projects: { _id: string }[] }>(app, 'POST', '/api/project-lists', {
          token,
          body: { skip: 0, rowsPerPage: 50 },
        });
        expect(listed.status).toBe(200);
        return listed.body;
      } finally {
        await app.close();
      }
    };

    beforeAll(async () => {
      cluster = await startCitusCluster({ prefix: 'pc-citus-in-place-' });
      const [coordinator, ...workers] = cluster.nodes;
      url = `postgres://postgres@127.0.0.1:${coordinator!.port}/${DATABASE}`;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-in-place-'));
      env = readEnv({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir });
      // The database on every node, made node by node: on the coordinator without Citus (one
      // PostgreSQL as it ran), on the workers with it (each node's database needs its own extension).
      for (const node of cluster.nodes)
        await onNode(node.port, 'postgres', [
          'set citus.enable_create_database_propagation = off',
          `create database ${DATABASE}`,
        ]);
      for (const worker of workers) await onNode(worker.port, DATABASE, ['create extension citus']);

      // The console on one PostgreSQL: migrated, the demo seeded as a first start seeds it.
      const plain = await consoleStarts();
      try {
        expect(isDistributed(plain.db)).toBe(false);
        expect((await seedDemoOnStart(plain.db, env, () => new Date())).created).toBe(true);
        projectsBefore = await projectsListed(plain.db);
        before = await snapshot(plain.db);
      } finally {
        await plain.close();
      }

      // Made a coordinator in place, then the console starts again.
      await onNode(coordinator!.port, DATABASE, [
        'create extension citus',
        `select citus_set_coordinator_host('127.0.0.1', ${coordinator!.port})`,
        ...workers.map((w) => `select citus_add_node('127.0.0.1', ${w.port})`),
      ]);
      const started = performance.now();
      database = await consoleStarts();
      placedMs = performance.now() - started;
      placedAtStart = await placedYet(database.db);
      if (!placedAtStart) {
        // What follows is checked on the placement itself even when the start did not run it.
        const again = performance.now();
        await migrate(database);
        placedMs = performance.now() - again;
      }
      after = await snapshot(database.db);
      const moved = Object.entries(before.tables)
        .filter(([table]) => tableKinds[table] !== 'platform-local')
        .reduce((n, [, row]) => n + Number(row.rows), 0);
      console.log(
        `Placement of the seeded demo: ${(placedMs / 1000).toFixed(1)} s, ${moved} rows moved into shards and reference tables`,
      );
    }, 600_000);
    afterAll(async () => {
      await Promise.race([database?.close().catch(() => {}), sleep(5000)]);
      cluster?.remove(process.env.CITUS_LOG_DIR);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const placedYet = async (db: Db) =>
      (await rowsOf(db, sql`select 1 from pg_dist_partition where logicalrelid = 'projects'::regclass`)).length > 0;

    it('is placed when the console starts again', () => {
      expect(placedAtStart).toBe(true);
    });

    it('distributes every tenant table by partner_id, co-located; copies every reference table; keeps the rest local', async () => {
      const db = database!.db;
      expect(await unclassifiedTables(db)).toEqual([]);
      const placed = await rowsOf<{
        table: string;
        method: string;
        column: string | null;
        colocation: number;
        model: string;
      }>(
        db,
        sql`select logicalrelid::regclass::text as table, partmethod as method,
        column_to_column_name(logicalrelid, partkey) as column, colocationid as colocation, repmodel as model
        from pg_dist_partition order by 1`,
      );
      const of = new Map(placed.map((p) => [p.table, p]));
      const tenants = kindOf('tenant').map((t) => of.get(t));
      expect(tenants.map((p) => p && [p.method, p.column])).toEqual(kindOf('tenant').map(() => ['h', 'partner_id']));
      expect(new Set(tenants.map((p) => p!.colocation)).size).toBe(1);
      expect(kindOf('reference').map((t) => of.get(t) && [of.get(t)!.method, of.get(t)!.model])).toEqual(
        kindOf('reference').map(() => ['n', 't']),
      );
      // Not distributed nor copied to the workers (Citus may keep one as a local table of its own).
      expect(
        kindOf('platform-local').filter((t) => {
          const p = of.get(t);
          return p !== undefined && (p.method !== 'n' || p.model === 't');
        }),
      ).toEqual([]);
    });

    it('keeps every row, every sum, every balance and the lists counters', () => {
      expect(Number(before.tables.projects!.rows)).toBeGreaterThan(10);
      expect(Number(before.tables.billing_logs!.rows)).toBeGreaterThan(100);
      expect(after.tables).toEqual(before.tables);
      expect(after.ledger).toEqual(before.ledger);
      expect(Object.keys(before.balances).length).toBeGreaterThan(0);
      expect(after.balances).toEqual(before.balances);
      expect(after.counters).toEqual(before.counters);
      expect(after.counters.projects).toEqual(after.counters.projectsCounted);
      expect(after.counters.businesses).toEqual(after.counters.businessesCounted);
    });

    it("holds the tenant rows in the workers' shards, none left behind in the coordinator's tables", async () => {
      const db = database!.db;
      const [coordinator, ...workers] = cluster.nodes;
      for (const table of ['projects', 'billing_logs', 'businesses', 'message_events']) {
        const placements = await rowsOf<{ port: number; n: string }>(
          db,
          sql`select nodeport as port, sum(result::bigint)::text as n
          from run_command_on_placements(${table}, 'select count(*) from %s') group by 1 order by 1`,
        );
        expect(
          placements.every((p) => workers.some((w) => w.port === Number(p.port))),
          table,
        ).toBe(true);
        expect(
          placements.reduce((n, p) => n + Number(p.n), 0),
          table,
        ).toBe(Number(before.tables[table]!.rows));
      }
      // The partners' rows are on the workers their ids hash to (the demo's ids are random, so
      // which workers those are, one or both, changes from run to run).
      const holding = await rowsOf<{ port: number }>(
        db,
        sql`select distinct nodeport as port from run_command_on_placements('projects', 'select count(*) from %s')
        where result::bigint > 0 order by 1`,
      );
      const partnerIds = await rowsOf<{ id: string }>(db, sql`select distinct partner_id as id from projects`);
      const hashedTo = new Set<number>();
      for (const { id } of partnerIds)
        for (const { port } of await rowsOf<{ port: number }>(
          db,
          sql`select nodeport as port from pg_dist_shard_placement
          where shardid = get_shard_id_for_distribution_column('projects', ${id}::text)`,
        ))
          hashedTo.add(Number(port));
      expect(holding.map((h) => Number(h.port))).toEqual([...hashedTo].sort((a, b) => a - b));
      // A distributed or reference table's own relation on the coordinator is a shell: its rows, copied
      // into the shards, are not kept there too.
      const shells = await rowsOf<{ table: string; bytes: string }>(
        db,
        sql`select logicalrelid::regclass::text as table, pg_relation_size(logicalrelid)::text as bytes
        from pg_dist_partition where partmethod = 'h' or repmodel = 't' order by 1`,
      );
      expect(shells.filter((s) => s.bytes !== '0')).toEqual([]);
      expect(coordinator).toBeDefined();
    });

    it('places nothing more on the next start', async () => {
      const db = database!.db;
      const placement = () => rowsOf(db, sql`select * from pg_dist_partition order by logicalrelid::regclass::text`);
      const shards = () => rowsOf(db, sql`select shardid, nodeport from citus_shards order by 1, 2`);
      const [placedBefore, shardsBefore] = [await placement(), await shards()];
      const started = performance.now();
      await migrate(database!);
      console.log(`Placement again: ${((performance.now() - started) / 1000).toFixed(2)} s`);
      expect(await placement()).toEqual(placedBefore);
      expect(await shards()).toEqual(shardsBefore);
      expect(await snapshot(db)).toEqual(before);
    });
    it("serves the owner's project list, as before", async () => {
      expect(isDistributed(database!.db)).toBe(true);
      const listed = (await projectsListed(database!.db)) as { projects: unknown[] };
      expect(listed.projects.length).toBeGreaterThan(0);
      expect(listed).toEqual(projectsBefore);
    });
  },
);
