/**
 * npm run bench:insights: the margins, risk board and wallet pages for a partner with 1,000 projects
 * and 10 million conversations (the target: under 200 ms median on PostgreSQL).
 *
 * Builds the app in-process on a fresh database (DATABASE_URL's when set: give it an empty one;
 * `node scripts/with-postgres.mjs npm run bench:insights` for a throwaway PostgreSQL), seeds the demo,
 * then gives Acme BENCH_PROJECTS (1,000) more projects and a year of the day rows that charging keeps
 * for BENCH_CONVERSATIONS (10,000,000) conversations spread over them: margin_days (per project, day,
 * category and country) with its sums per project and per category and country, analytics_days and
 * balance_days, written with generate_series as the charging transaction would have left them. The conversations table itself is not filled: these
 * pages never read it (that is the point of the rollups), so its size cannot change their times.
 * Then times GET calls with app.inject (median and p95 over BENCH_RUNS after a warm-up of 3).
 */
import { eq, sql } from 'drizzle-orm';
import { partners } from '../apps/server/src/platform/db/schema.js';
import { makeBusiness } from '../apps/server/src/seed/businesses.js';
import { benchApp, openBenchDatabase } from './harness.js';

const TARGET = 200;
const projectCount = Number(process.env.BENCH_PROJECTS ?? 1000);
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 10_000_000);
const days = Number(process.env.BENCH_DAYS ?? 365);
const runs = Number(process.env.BENCH_RUNS ?? 50);
const categories = ['marketing', 'utility', 'authentication', 'service'];
const countries = ['IN', 'AE', 'GB'];

const started = Date.now();
const { env, database } = await openBenchDatabase('pc-bench-insights');
const db = database.db;
const run = (text: string) => db.execute(sql.raw(text));
const [acme] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Acme Messaging'));
const pid = acme!.id;
console.log(
  `Database: ${database.kind}; ${projectCount} projects, ${conversations.toLocaleString('en')} conversations over ${days} days...`,
);

const businesses: string[] = [];
for (let i = 0; i < 100; i += 1)
  businesses.push((await makeBusiness(db, { partnerId: pid, displayName: `Insights bench client ${i}` })).id);
const businessArray = `array[${businesses.map((b) => `'${b}'`).join(',')}]`;
await run(`insert into projects (id, partner_id, business_id, name, currency, status, is_whatsapp_verified, waba_progress_step, quality_rating, messaging_limit, template_credit, created_at)
  select 'ib' || g, '${pid}', (${businessArray})[1 + g % 100], 'Insights bench ' || g, 'INR',
    case when g % 50 = 0 then 'stopped' else 'active' end, g % 20 <> 0, case when g % 20 = 0 then 5 else 9 end,
    (array['GREEN','GREEN','GREEN','YELLOW','RED'])[1 + g % 5], (array['TIER_1K','TIER_10K','TIER_250','TIER_100K'])[1 + g % 4],
    (g % 13) * 10000000, now() - interval '400 days'
  from generate_series(1, ${projectCount}) g`);

// Conversations per day row, so that the year adds up to `conversations`.
const cells = projectCount * days * categories.length * countries.length;
const per = Math.max(1, Math.round(conversations / cells));
for (let from = 0; from < days; from += 30) {
  const to = Math.min(days - 1, from + 29);
  await run(`insert into margin_days (partner_id, project_id, day_date, category, country, conversations, charged, free, unbilled, revenue, provider_cost, free_saved, unbilled_amount)
    select '${pid}', 'ib' || g, to_char(current_date - d, 'YYYY-MM-DD'), c, k,
      ${per}, case when c = 'service' then 0 else ${per} end, case when c = 'service' then ${per} else 0 end, 0,
      case when c = 'service' then 0 else ${per} * (80000 + g % 40000) end, case when c = 'service' then 0 else ${per} * 70000 end,
      case when c = 'service' then ${per} * 40000 else 0 end, 0
    from generate_series(1, ${projectCount}) g, generate_series(${from}, ${to}) d,
      unnest(array['${categories.join("','")}']) c, unnest(array['${countries.join("','")}']) k`);
  await run(`insert into analytics_days (partner_id, project_id, day_date, sent_chat_count, delivered_chat_count, read_chat_count, failed_chat_count)
    select '${pid}', 'ib' || g, to_char(current_date - d, 'YYYY-MM-DD'), ${per * 12}, ${per * 11}, ${per * 8}, case when g % 17 = 0 then ${per * 2} else 0 end
    from generate_series(1, ${projectCount}) g, generate_series(${from}, ${to}) d`);
  await run(`insert into balance_days (partner_id, balance, owner_id, day_date, spent, added)
    select '${pid}', 'WCC', 'ib' || g, to_char(current_date - d, 'YYYY-MM-DD'), ${per} * 9 * 80000, 0
    from generate_series(1, ${projectCount}) g, generate_series(${from}, ${to}) d`);
}
// The report's coarser rollups, as the charging batch writes them beside the day rows.
const m = [
  'conversations',
  'charged',
  'free',
  'unbilled',
  'revenue',
  'provider_cost',
  'free_saved',
  'unbilled_amount',
  'below_cost',
  'below_cost_amount',
];
const sums = m.map((c) => `sum(${c})`).join(', ');
await run(`insert into margin_project_days (partner_id, project_id, day_date, ${m.join(', ')})
  select partner_id, project_id, day_date, ${sums} from margin_days where project_id like 'ib%' group by 1, 2, 3`);
await run(`insert into margin_mix_days (partner_id, day_date, category, country, ${m.join(', ')})
  select partner_id, day_date, category, country, ${sums} from margin_days where project_id like 'ib%' group by 1, 2, 3, 4
  on conflict (partner_id, day_date, category, country) do update set ${m.map((c) => `${c} = margin_mix_days.${c} + excluded.${c}`).join(', ')}`);
if (database.kind === 'postgres')
  await run('VACUUM ANALYZE margin_days, margin_project_days, margin_mix_days, analytics_days, balance_days, projects');
else await run('ANALYZE');
console.log(
  `Seeded ${cells.toLocaleString('en')} margin day rows (${per} conversations each) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const { app, token } = await benchApp(database, env);
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const monthStart = `${day(0).slice(0, 8)}01`;
const cases: [string, string][] = [
  ['margins, this month by business', `/api/margins?startDate=${monthStart}&endDate=${day(0)}&groupBy=business`],
  ['margins, this month by project', `/api/margins?startDate=${monthStart}&endDate=${day(0)}&groupBy=project`],
  ['margins, last 30 days by category', `/api/margins?startDate=${day(29)}&endDate=${day(0)}&groupBy=category`],
  ['margins, last 30 days by country', `/api/margins?startDate=${day(29)}&endDate=${day(0)}&groupBy=country`],
  ['margins, last 90 days by project', `/api/margins?startDate=${day(89)}&endDate=${day(0)}&groupBy=project`],
  ['margins, last 365 days by business', `/api/margins?startDate=${day(364)}&endDate=${day(0)}&groupBy=business`],
  ['risk board, first page', '/api/risk'],
  ['wallet, first page', '/api/wallet'],
];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
console.log(`\nTimes in ms (target: median under ${TARGET} ms)\n`);
const width = Math.max(...cases.map(([name]) => name.length));
console.log(`${'call'.padEnd(width)}  ${'median'.padStart(7)}  ${'p95'.padStart(7)}  under target`);
for (const [name, url] of cases) {
  const once = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 120)}`);
    return performance.now() - t0;
  };
  try {
    for (let i = 0; i < 3; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) times.push(await once());
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    console.log(
      `${name.padEnd(width)}  ${median.toFixed(1).padStart(7)}  ${quantile(times, 0.95).toFixed(1).padStart(7)}  ${median < TARGET ? 'yes' : 'NO'}`,
    );
  } catch (error) {
    console.log(`${name.padEnd(width)}  n/a (${(error as Error).message})`);
  }
}
await app.close();
await database.close();
