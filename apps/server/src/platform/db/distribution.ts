import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './open.js';
import * as schema from './schema.js';

/**
 * How each table is placed on Citus (distributed PostgreSQL, docs/scaling.md): a tenant table is
 * distributed by `partner_id`, all of them co-located, so that one partner's rows of every table
 * live on one node; a reference table is copied to every node; a platform-local table stays on the
 * coordinator. On one PostgreSQL or the embedded database nothing of this applies.
 *
 * `tenant-distribution.test.ts` fails when a table of the schema is not named here, and when a
 * tenant table's keys would not let it be distributed.
 */
export type TableKind = 'tenant' | 'reference' | 'platform-local';

export const tableKinds: Record<string, TableKind> = {
  // One partner's data: distributed by partner_id.
  agents: 'tenant',
  analytics_day_usage: 'tenant',
  analytics_days: 'tenant',
  balance_days: 'tenant',
  billing_logs: 'tenant',
  businesses: 'tenant',
  conversations: 'tenant',
  embedded_signups: 'tenant',
  kyc_submissions: 'tenant',
  margin_days: 'tenant',
  margin_mix_days: 'tenant',
  margin_project_days: 'tenant',
  marketing_opt_outs: 'tenant',
  volume_tier_counts: 'tenant',
  message_events: 'tenant',
  meta_link_uses: 'tenant',
  meta_ad_spend: 'tenant',
  meta_ads: 'tenant',
  payment_plan_families: 'tenant',
  plan_families: 'tenant',
  private_apps: 'tenant',
  project_api_idempotency_keys: 'tenant',
  project_meta_ads: 'tenant',
  project_onboarding: 'tenant',
  projects: 'tenant',
  rate_card_families: 'tenant',
  razorpay_auth_states: 'tenant',
  razorpay_connections: 'tenant',
  registration_attempts: 'tenant',
  roles: 'tenant',
  sso_tokens: 'tenant',
  stored_files: 'tenant',
  support_tickets: 'tenant',
  template_edits: 'tenant',
  template_sample_handles: 'tenant',
  templates: 'tenant',
  wallet_thresholds: 'tenant',
  wcc_families: 'tenant',
  webhook_attempts: 'tenant',
  webhook_deliveries: 'tenant',
  webhook_events: 'tenant',
  webhooks: 'tenant',
  inbound_messages: 'tenant',
  notifications: 'tenant',
  notification_reads: 'tenant',
  notification_settings: 'tenant',
  // The lists' counters, kept by triggers on projects and businesses (migrations 0002, 0020): no
  // drizzle table of their own.
  project_tab_counts: 'tenant',
  business_tab_counts: 'tenant',
  // Few rows, read with every request or price: copied to every node.
  partners: 'reference',
  platform_claims: 'reference',
  partner_directory: 'reference',
  platform_admins: 'reference',
  platform_settings: 'reference',
  provider_addon_prices: 'reference',
  provider_payment_slabs: 'reference',
  provider_plan_prices: 'reference',
  provider_wcc_prices: 'reference',
  pricing_models: 'reference',
  provider_wcc_volume_tiers: 'reference',
  rate_cards: 'reference',
  // The platform's own bookkeeping, across partners or of no partner: stays on the coordinator.
  admin_audit_log: 'platform-local',
  partner_audit_log: 'tenant',
  partner_balances: 'tenant',
  jobs: 'platform-local',
  // Meta's account webhooks as they came, those of accounts no partner has too: the platform's inbox.
  meta_account_events: 'platform-local',
  unplaced_message_statuses: 'platform-local',
  // Razorpay's OAuth webhooks, those of accounts no partner has too: the platform's inbox.
  razorpay_webhook_events: 'platform-local',
  login_throttle: 'platform-local',
  password_reset_tokens: 'platform-local',
  sessions: 'platform-local',
  // The sandbox providers' state (stands in for Meta; not written with the live providers).
  sandbox_meta_ads_state: 'platform-local',
  sandbox_meta_numbers: 'platform-local',
  sandbox_meta_templates: 'platform-local',
  sandbox_phone_messages: 'platform-local',
};

const DISTRIBUTION_COLUMN = 'partner_id';

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));

/**
 * The tables of a kind, each after the tables of that kind it points at (Citus distributes a table
 * whose foreign keys reach one of its own kind only once that one is placed).
 */
export const inKeyOrder = (kind: TableKind): string[] => {
  const of = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name) || tableKinds[name] !== kind) return;
    path.add(name);
    const table = of.get(name);
    for (const fk of table ? getTableConfig(table).foreignKeys : [])
      visit(getTableConfig(fk.reference().foreignTable).name, path);
    ordered.push(name);
  };
  for (const name of Object.keys(tableKinds).sort()) visit(name, new Set());
  return ordered;
};

const databaseName = async (db: Db) =>
  ((await db.execute(sql`select current_database() as name`)) as { rows: { name: string }[] }).rows[0]!.name;

/** The tables of the database's schema (the migrations' own included). */
const tablesOf = async (db: Db): Promise<string[]> => {
  const found = (await db.execute(
    sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
  )) as { rows: { name: string }[] };
  return found.rows.map((r) => r.name);
};

/** The tables of the database (the migrations' own included) that `tableKinds` does not name. */
export const unclassifiedTables = async (db: Db): Promise<string[]> =>
  (await tablesOf(db)).filter((name) => !tableKinds[name] && !name.startsWith('__drizzle'));

/**
 * Which tables Citus holds as placed: distributed (hash) or copied to every node (reference). Not a
 * Citus local table: a table a later migration creates on a coordinator already placed, with a
 * foreign key to a reference table (0051's `partner_balances`, to `partners`), Citus makes one of
 * its own accord, kept on the coordinator; it is in `pg_dist_partition` all the same (`partmethod`
 * 'n', `repmodel` 's'), and is still to be placed as its kind says (create_distributed_table and
 * create_reference_table take it as it is, with its rows). `later-migration.test.ts` proves it.
 */
const PLACED = sql`(partmethod = 'h' or repmodel = 't')`;

const placedTables = async (db: Db): Promise<string[]> => {
  const placed = (await db.execute(
    sql`select logicalrelid::regclass::text as name from pg_dist_partition where ${PLACED}`,
  )) as { rows: { name: string }[] };
  return placed.rows.map((r) => r.name);
};

type TransitionTrigger = { name: string; table: string; fn: string; source: string; events: string };

/**
 * The triggers that read transition tables (the lists' counters and the daily balances), made
 * row-level for Citus: a statement trigger on a distributed table runs for each shard on its worker,
 * where the transition table cannot feed the distributed INSERT ... SELECT that keeps the counter
 * ("executor could not find named tuplestore"). Each function's body is kept as the migrations wrote
 * it, reading the row as a one-row table under the transition table's name, so the counters follow
 * the same rules; the counter rows are the same partner's, on the same node (co-located). Only on
 * Citus, at every start (a no-op when nothing changed), before tables are distributed: on PostgreSQL and the embedded database the statement
 * triggers stay (a bulk write updates each counter once).
 */
export const makeCounterTriggersRowLevel = async (tx: Db) => {
  const found = (await tx.execute(sql`
    select t.tgname as name, t.tgrelid::regclass::text as table, p.proname as fn, p.prosrc as source,
      substring(pg_get_triggerdef(t.oid) from 'AFTER (.+) ON ') as events
    from pg_trigger t join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and (t.tgnewtable is not null or t.tgoldtable is not null)`)) as {
    rows: TransitionTrigger[];
  };
  // A row-level copy made at an earlier start is made again from its function as it is now: a later
  // migration that changes a counter's function changes it on Citus too.
  const copied = (await tx.execute(sql`
    select f.proname as fn, f.prosrc as source from pg_proc f
    join pg_proc r on r.proname = f.proname || '_row' and r.pronamespace = f.pronamespace`)) as {
    rows: { fn: string; source: string }[];
  };
  const sources = new Map([...copied.rows, ...found.rows].map((t) => [t.fn, t.source]));
  for (const [fn, source] of sources) {
    const rowSource = source
      .replace(/\bFROM new_rows\b/gi, 'FROM (SELECT NEW.*) AS new_rows')
      .replace(/\bFROM old_rows\b/gi, 'FROM (SELECT OLD.*) AS old_rows');
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION "${fn}_row"() RETURNS trigger LANGUAGE plpgsql AS $fn$${rowSource}$fn$`),
    );
  }
  for (const t of found.rows) {
    await tx.execute(sql.raw(`DROP TRIGGER "${t.name}" ON ${t.table}`));
    await tx.execute(
      sql.raw(
        `CREATE TRIGGER "${t.name}" AFTER ${t.events} ON ${t.table} FOR EACH ROW EXECUTE FUNCTION "${t.fn}_row"()`,
      ),
    );
  }
};

type ForeignKey = { table: string; name: string; definition: string };

/** The foreign keys between tenant tables of which one is still a plain table. */
const keysAmong = async (db: Db, unplaced: Set<string>): Promise<ForeignKey[]> => {
  const keys = (await db.execute(sql`
    select conrelid::regclass::text as table, confrelid::regclass::text as target, conname as name,
      pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'f'`)) as { rows: (ForeignKey & { target: string })[] };
  return keys.rows.filter(
    (k) =>
      tableKinds[k.table] === 'tenant' &&
      tableKinds[k.target] === 'tenant' &&
      (unplaced.has(k.table) || unplaced.has(k.target)),
  );
};

type Trigger = { table: string; name: string };

/** The enabled triggers of the tables (neither Citus' own nor the keys'). */
const enabledTriggers = async (db: Db, tables: string[]): Promise<Trigger[]> => {
  const found = (await db.execute(sql`
    select tgrelid::regclass::text as table, tgname as name from pg_trigger
    where not tgisinternal and tgenabled = 'O' order by 1, 2`)) as { rows: Trigger[] };
  return found.rows.filter((t) => tables.includes(t.table));
};

/**
 * Citus copies a table's rows into its shards when it distributes it, and leaves them on disk in the
 * coordinator's own table, which is no longer read (its notice says so, and how to remove them).
 * Each such table is truncated once every table is placed, with Citus' own function (the
 * coordinator's table only, not the shards). On an empty database there are none: one query.
 */
const removeCopiesLeftOnCoordinator = async (db: Db) => {
  const left = (await db.execute(sql`
    select p.logicalrelid::regclass::text as name from pg_dist_partition p
    where (p.partmethod = 'h' or p.repmodel = 't') and pg_relation_size(p.logicalrelid) > 0
      and not exists (select 1 from pg_constraint c where c.contype = 'f' and c.confrelid = p.logicalrelid
        and c.conrelid not in (select logicalrelid from pg_dist_partition))
    order by 1`)) as { rows: { name: string }[] };
  if (left.rows.length === 0) return;
  await db.transaction(async (tx) => {
    for (const { name } of left.rows)
      await tx.execute(sql`select truncate_local_data_after_distributing_table(${name}::regclass)`);
  });
};

/**
 * Whether a Citus coordinator has a tenant or reference table that is not placed yet: a database
 * made Citus in place (docs/scaling.md, "Moving in place"), whose migrations were all applied before,
 * or one a later migration added that Citus made a local table of its own (`placedTables`).
 */
export const placementPending = async (db: Db): Promise<boolean> => {
  const found = (await db.execute(sql`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      and c.oid not in (select logicalrelid from pg_dist_partition where ${PLACED})`)) as { rows: { name: string }[] };
  return found.rows.some((r) => tableKinds[r.name] === 'tenant' || tableKinds[r.name] === 'reference');
};

/**
 * When the database is a Citus coordinator (the extension is there), places every table of the
 * database that is not placed yet (a Citus local table a later migration made included,
 * `placedTables`): reference tables first, then tenant tables distributed by partner_id, co-located
 * with the first. Citus distributes a table only when no plain table points at it, and a table that points
 * at another only once that one is distributed: the foreign keys between the tenant tables being
 * placed are dropped, the tables distributed, and the keys made again (checked again, shard by shard),
 * in one transaction. On a database with rows (one PostgreSQL made a coordinator in place), Citus
 * copies each table's rows into its shards: the tables' triggers are off while it does (the counters
 * already count those rows), and the coordinator's copies are removed once all are placed.
 * Idempotent; run after the migrations, under their lock, so that a table a later migration adds is
 * placed on the next start. Answers whether the database is Citus.
 */
export const placeTablesOnCitus = async (db: Db): Promise<boolean> => {
  const citus = (await db.execute(sql`select 1 from pg_extension where extname = 'citus'`)) as { rows: unknown[] };
  if (citus.rows.length === 0) return false;
  const unclassified = await unclassifiedTables(db);
  if (unclassified.length > 0)
    throw new Error(`Tables not classified in platform/db/distribution.ts: ${unclassified.join(', ')}`);
  const existing = new Set(await tablesOf(db));
  const done = new Set(await placedTables(db));
  for (const name of inKeyOrder('reference').filter((t) => existing.has(t)))
    if (!done.has(name)) await db.execute(sql`select create_reference_table(${name})`);
  const tenants = inKeyOrder('tenant').filter((t) => existing.has(t));
  const unplaced = tenants.filter((name) => !done.has(name));
  if (unplaced.length === 0) {
    await db.transaction((tx) => makeCounterTriggersRowLevel(tx as unknown as Db));
    await removeCopiesLeftOnCoordinator(db);
    return true;
  }
  const anchor = tenants.find((name) => done.has(name)) ?? unplaced[0]!;
  // Citus distributes tables with triggers, and runs them on the workers, only when told to; every
  // session of this database is (ALTER DATABASE), as the row-level counters need.
  await db.execute(sql.raw(`ALTER DATABASE "${await databaseName(db)}" SET citus.enable_unsafe_triggers = on`));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local citus.enable_unsafe_triggers = on`);
    await makeCounterTriggersRowLevel(tx as unknown as Db);
    const keys = await keysAmong(tx as unknown as Db, new Set(unplaced));
    for (const k of keys)
      await tx.execute(sql`alter table ${sql.identifier(k.table)} drop constraint ${sql.identifier(k.name)}`);
    // Off while the rows are copied into the shards (the shards' triggers are made off too), on after.
    const triggers = await enabledTriggers(tx as unknown as Db, unplaced);
    for (const t of triggers)
      await tx.execute(sql`alter table ${sql.identifier(t.table)} disable trigger ${sql.identifier(t.name)}`);
    for (const name of unplaced)
      await tx.execute(
        sql`select create_distributed_table(${name}, ${DISTRIBUTION_COLUMN}, colocate_with => ${name === anchor ? 'default' : anchor})`,
      );
    for (const t of triggers)
      await tx.execute(sql`alter table ${sql.identifier(t.table)} enable trigger ${sql.identifier(t.name)}`);
    for (const k of keys)
      await tx.execute(
        sql`alter table ${sql.identifier(k.table)} add constraint ${sql.identifier(k.name)} ${sql.raw(k.definition)}`,
      );
  });
  await removeCopiesLeftOnCoordinator(db);
  return true;
};
