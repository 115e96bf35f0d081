import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { makeCounterTriggersRowLevel } from './distribution.js';
import type { Database, Db } from './open.js';

// On Citus the counters' statement triggers are made row-level (distribution.ts). The same rewrite
// is checked here on PostgreSQL and the embedded database, which run it as written: the whole demo
// seed written through the row-level triggers, then moves between tabs, leaves every counter equal
// to a count of the rows it counts.
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase({ seeded: false });
  db = database.db;
  await db.transaction((tx) => makeCounterTriggersRowLevel(tx as unknown as Db));
  await seedDemoIfEmpty(db);
}, 120_000);
afterAll(() => database.close());

const rows = async (query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: Record<string, unknown>[] }).rows.map((r) => JSON.stringify(r)).sort();

const projectCounts = () =>
  Promise.all([
    rows(sql`select partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan,
      bvbp_process, case when kyc_remark is null then null else '' end as kyc_remark, count(*)::int as n
      from projects group by 1, 2, 3, 4, 5, 6, 7, 8, 9`),
    rows(sql`select partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan,
      bvbp_process, kyc_remark, n from project_tab_counts where n <> 0`),
  ]);
const businessCounts = () =>
  Promise.all([
    rows(sql`select partner_id, archived, referral_agent_id, count(*)::int as n from businesses group by 1, 2, 3`),
    rows(sql`select partner_id, archived, referral_agent_id, n from business_tab_counts where n <> 0`),
  ]);
// As migration 0025 first filled balance_days from the billing logs.
const balanceDays = () =>
  Promise.all([
    rows(sql`select partner_id, balance, case when balance = 'CENTRAL' then partner_id else project_id end as owner_id,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day_date,
      coalesce(sum(amount) filter (where action = 'SUBTRACT' and reason_code not in
        ('CENTRAL_BALANCE_UPDATE', 'WCC_CREDIT_DEDUCT', 'PWC_CREDIT_DEDUCT')), 0)::text as spent,
      coalesce(sum(amount) filter (where action = 'ADD'), 0)::text as added
      from billing_logs where balance = 'CENTRAL' or project_id is not null group by 1, 2, 3, 4`),
    rows(sql`select partner_id, balance, owner_id, day_date, spent::text, added::text from balance_days`),
  ]);

describe('the counters kept by row-level triggers', () => {
  it('leaves no trigger reading a transition table', async () => {
    const left = (await db.execute(
      sql`select tgname from pg_trigger where not tgisinternal and (tgnewtable is not null or tgoldtable is not null)`,
    )) as { rows: unknown[] };
    expect(left.rows).toEqual([]);
  });

  it('count the demo as written, projects, businesses and balance days', async () => {
    const [projectsTruth, projectsKept] = await projectCounts();
    expect(projectsTruth.length).toBeGreaterThan(5);
    expect(projectsKept).toEqual(projectsTruth);
    const [businessesTruth, businessesKept] = await businessCounts();
    expect(businessesKept).toEqual(businessesTruth);
    const [daysTruth, daysKept] = await balanceDays();
    expect(daysTruth.length).toBeGreaterThan(5);
    expect(daysKept).toEqual(daysTruth);
  });

  it('follow rows moved between tabs and removed, several in one statement', async () => {
    await db.execute(sql`update projects set partner_archived = not partner_archived
      where id in (select id from projects order by id limit 5)`);
    await db.execute(sql`update projects set kyc_remark = 'checked' where kyc_remark is null and id in
      (select id from projects order by id desc limit 3)`);
    await db.execute(
      sql`update businesses set archived = not archived where id in (select id from businesses order by id limit 3)`,
    );
    const [projectsTruth, projectsKept] = await projectCounts();
    expect(projectsKept).toEqual(projectsTruth);
    const [businessesTruth, businessesKept] = await businessCounts();
    expect(businessesKept).toEqual(businessesTruth);
  });

  it('are made again from their function when a later migration changes it, and a second run changes nothing else', async () => {
    const [fn] = (
      (await db.execute(sql`select prosrc as source from pg_proc where proname = 'business_tab_counts_sync'`)) as {
        rows: { source: string }[];
      }
    ).rows;
    await db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION business_tab_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$${fn!.source}\n-- changed later$fn$`,
      ),
    );
    await db.transaction((tx) => makeCounterTriggersRowLevel(tx as unknown as Db));
    const [copy] = (
      (await db.execute(sql`select prosrc as source from pg_proc where proname = 'business_tab_counts_sync_row'`)) as {
        rows: { source: string }[];
      }
    ).rows;
    expect(copy!.source).toContain('-- changed later');
    expect(copy!.source).toContain('FROM (SELECT NEW.*) AS new_rows');
    await db.execute(
      sql`update businesses set archived = not archived where id in (select id from businesses order by id limit 2)`,
    );
    const [businessesTruth, businessesKept] = await businessCounts();
    expect(businessesKept).toEqual(businessesTruth);
  });
});
