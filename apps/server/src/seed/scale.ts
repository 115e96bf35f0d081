import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isDistributed, type Db } from '../platform/db/open.js';
import { partners } from '../platform/db/schema.js';

/**
 * SEED_SCALE_PROJECTS: adds that many projects (and a fifth as many businesses) under one partner,
 * spread over every tab of the projects list, so its speed can be measured at size. Rows are made
 * in the database by INSERT ... SELECT generate_series in batches: seconds, not minutes.
 *
 * Spread per 100 projects: 3 deleted, 3 stopped, 4 signup trial, 3 API trial, 32 live monthly,
 * 15 live yearly, 5 live free-forever, 35 draft; every 7th has a KYC step (1, 2 or 3), every 29th
 * a rejection remark; 1 business in 50 archived. Credits stay 0: credit only moves through the
 * billing ledger. Created dates go back one project per 5 minutes (about a year for 100,000).
 */
export const seedScale = async (db: Db, partnerId: string, projectCount: number, opts: { batch?: number } = {}) => {
  const batch = opts.batch ?? 10_000;
  const run = randomBytes(4).toString('hex');
  const businessCount = Math.max(1, Math.ceil(projectCount / 5));
  const id = (kind: string, n: unknown) => sql`substr(md5(${run} || ${kind} || ${n}), 1, 24)`;
  // On Citus the lists' counters are kept row by row (platform/db/distribution.ts): one counter
  // upsert per row seeded, 20,000 projects a minute. There the inserts' counter triggers are off
  // while the rows go in, and the partner's counters are counted again once, after.
  const recount = isDistributed(db);
  if (recount) await countersOnInsert(db, 'disable');
  try {
    await insertRows(db, { partnerId, projectCount, businessCount, batch, run, id });
  } finally {
    if (recount) await countersOnInsert(db, 'enable');
  }
  if (recount) await countAgain(db, partnerId);
  // The platform's events name a project alone: each is found through the partner directory.
  await db.execute(sql`
    insert into partner_directory (id, kind, partner_id, created_at)
    select id, 'project', partner_id, created_at from projects where partner_id = ${partnerId}
    on conflict do nothing`);
  // Fresh statistics and visibility, so the planner sees the new size and index-only scans work.
  await db.execute(sql`vacuum analyze businesses`);
  await db.execute(sql`vacuum analyze projects`);
  return { projects: projectCount, businesses: businessCount };
};

// Citus takes a distributed table's trigger DDL only when told to (placeTablesOnCitus says why).
const countersOnInsert = (db: Db, how: 'enable' | 'disable') =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local citus.enable_unsafe_triggers = on`);
    await tx.execute(sql.raw(`alter table businesses ${how} trigger businesses_tab_counts_insert`));
    await tx.execute(sql.raw(`alter table projects ${how} trigger projects_tab_counts_insert`));
  });

/** The partner's list counters counted from its rows, as the counter triggers count them (migrations 0004, 0020). */
const countAgain = async (db: Db, partnerId: string) => {
  await db.execute(sql`delete from project_tab_counts where partner_id = ${partnerId}`);
  await db.execute(sql`
    insert into project_tab_counts (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status,
      active_plan, bvbp_process, kyc_remark, n)
    select partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process,
      case when kyc_remark is null then null else '' end, count(*)
    from projects where partner_id = ${partnerId} group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  await db.execute(sql`delete from business_tab_counts where partner_id = ${partnerId}`);
  await db.execute(sql`
    insert into business_tab_counts (partner_id, archived, referral_agent_id, n)
    select partner_id, archived, referral_agent_id, count(*) from businesses where partner_id = ${partnerId}
    group by 1, 2, 3`);
};

type Rows = {
  partnerId: string;
  projectCount: number;
  businessCount: number;
  batch: number;
  run: string;
  id: (kind: string, n: unknown) => ReturnType<typeof sql>;
};

const insertRows = async (db: Db, { partnerId, projectCount, businessCount, batch, run, id }: Rows) => {
  for (let from = 1; from <= businessCount; from += batch) {
    const to = Math.min(businessCount, from + batch - 1);
    await db.execute(sql`
      insert into businesses (id, partner_id, display_name, company, email, contact, timezone, currency, country_code, company_size, industry, archived, created_at)
      select ${id('b', sql`g`)}, ${partnerId}, 'Scale Business ' || g, 'Scale Company ' || g,
        case when g % 50 = 0 then 'archived__' else '' end || 'scale' || g || '.' || ${run} || '@client.example',
        '919800000000', 'Asia/Calcutta GMT+05:30', 'INR', '+91', '10 - 20', 'Other', g % 50 = 0,
        now() - interval '400 days' + (g * interval '1 minute')
      from generate_series(${from}::int, ${to}::int) g`);
  }

  // The name search's GIN index (migration 0020) built once over the new rows takes a fraction of
  // the time of keeping it up row by row (each name's word prefixes are computed either way).
  const rebuild = projectCount >= 100_000;
  const nameIndex = rebuild
    ? (
        (await db.execute(
          sql`select indexdef from pg_indexes where tablename = 'projects' and indexname = 'projects_name_prefixes_idx'`,
        )) as unknown as { rows: { indexdef: string }[] }
      ).rows[0]?.indexdef
    : undefined;
  if (nameIndex) await db.execute(sql`drop index projects_name_prefixes_idx`);

  for (let from = 1; from <= projectCount; from += batch) {
    const to = Math.min(projectCount, from + batch - 1);
    await db.execute(sql`
      insert into projects (id, partner_id, business_id, name, currency, status, partner_archived, is_whatsapp_verified, active_plan,
        is_trial, is_api_trial, plan_activated_on, bvbp_process, kyc_remark, created_at)
      select ${id('p', sql`g`)}, ${partnerId}, ${id('b', sql`1 + (g - 1) % ${businessCount}::int`)}, 'Scale Project ' || g, 'INR',
        case when r < 3 then 'archived' when r < 6 then 'stopped' else 'active' end,
        r < 3,
        r between 3 and 5 or r between 13 and 64,
        case when r between 3 and 5 then 'BASIC_MONTHLY' when r between 6 and 12 then 'TRIAL'
             when r between 13 and 44 then (case when g % 2 = 0 then 'BASIC_MONTHLY' else 'PRO_MONTHLY' end)
             when r between 45 and 59 then (case when g % 2 = 0 then 'BASIC_YEARLY' else 'PRO_YEARLY' end)
             when r between 60 and 64 then 'FREE_FOREVER' else 'NONE' end,
        r between 6 and 9,
        r between 10 and 12,
        case when r between 3 and 64 then created + interval '1 day' end,
        case when g % 7 between 1 and 3 then g % 7 else 0 end,
        case when g % 29 = 0 and g % 7 not between 1 and 3 then 'GST certificate was unreadable' end,
        created
      from (select g, g % 100 as r, now() - (g * interval '5 minutes') as created from generate_series(${from}::int, ${to}::int) g) s`);
  }
  if (nameIndex) await db.execute(sql.raw(nameIndex));
};

/** The scale seed under the demo's WHITELABEL partner (Acme Messaging). */
export const seedScaleUnderDemo = async (db: Db, projectCount: number) => {
  const [acme] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Acme Messaging'));
  if (!acme) throw new Error('SEED_SCALE_PROJECTS needs the demo partner Acme Messaging (SEED_DEMO)');
  return seedScale(db, acme.id, projectCount);
};
