/**
 * npm run bench: the projects list, its counts and the businesses list at scale.
 *
 * Builds the app in-process on a fresh embedded database (or on DATABASE_URL when set: give it an
 * empty database), seeds the demo world plus BENCH_PROJECTS projects (default 100,000) under Acme
 * with the scale seed, then times each call with app.inject: median and p95 over BENCH_RUNS calls
 * (default 50) after a warm-up. Target: under 50 ms median each. BENCH_JSON=<file> also writes the
 * rows, the seed time and the cases there (bench/citus.ts compares PostgreSQL and Citus with it).
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PROJECT_LIST_MAX_SKIP } from '@pc/contract';
import { seedScaleUnderDemo } from '../apps/server/src/seed/scale.js';
import { benchApp, openBenchDatabase, printTimes, timeCalls, type BenchReport, type Case } from './harness.js';

const size = Number(process.argv[2] ?? process.env.BENCH_PROJECTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);

const started = Date.now();
const { env, database, demoCreated } = await openBenchDatabase('pc-bench');
console.log(`Database: ${database.kind}; seeding the demo and ${size.toLocaleString('en')} projects...`);
if (demoCreated) await seedScaleUnderDemo(database.db, size);
const seedSeconds = (Date.now() - started) / 1000;
console.log(`Seeded in ${seedSeconds.toFixed(1)} s`);
const { app, token } = await benchApp(database, env);

const page = (filter: string, extra: Record<string, unknown> = {}) => ({ filter, skip: 0, rowsPerPage: 15, ...extra });
const list = '/api/project-lists?sort=dec';
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
// The id of the project at a depth (1 is the newest), read in the database: the API pages that deep
// only from a neighbour's row, as the web does (PROJECT_LIST_MAX_SKIP).
const anchorAt = async (depth: number) => {
  const found = (await database.db.execute(sql`
    select p.id from projects p join partners pa on pa.id = p.partner_id
    where pa.name = 'Acme Messaging' and not p.partner_archived
    order by p.created_at desc, p.id desc offset ${depth - 1} limit 1`)) as unknown as { rows: { id: string }[] };
  return found.rows[0]!.id;
};
const deep = Math.floor(size / 2);
const anchor = await anchorAt(deep);
// Going back from the page after: its first row.
const nextAnchor = await anchorAt(deep + 16);
const businessId = (
  (
    await app.inject({
      method: 'POST',
      url: '/api/business-lists?sort=dec',
      headers: { authorization: `Bearer ${token}` },
      payload: { skip: 0, rowsPerPage: 25, filter: 'All' },
    })
  ).json() as { business: { _id: string }[] }
).business[0]!._id;

/** Each filter of the dialog (and the search, and one business), as the list and the counts take it. */
const filters: [string, Record<string, unknown>, string?][] = [
  ['name search (rare words)', { assistantName: 'project 4242' }],
  ['name search (a word every name has)', { assistantName: 'project' }],
  ['created in the last 30 days', { fromDate: day(30), toDate: day(0) }],
  ['created in one month two years ago', { fromDate: day(760), toDate: day(730) }],
  ['plan activated in the last 30 days', { fromPlanActivatedDate: day(30), toPlanActivatedDate: day(0) }],
  ['monthly plan PRO_MONTHLY', { monthlyPlan: 'PRO_MONTHLY' }, 'Monthly Plan'],
  ['yearly plan BASIC_YEARLY', { yearlyPlan: 'BASIC_YEARLY' }, 'Yearly Plan'],
  ...(['Not Applied', 'KYC', 'Applied', 'Limit Increased', 'Rejected'] as const).map(
    (kyc): [string, Record<string, unknown>] => [`KYC ${kyc}`, { kycFilter: kyc }],
  ),
  ['one business', { businessId }],
];

const cases: Case[] = [
  ...['All', 'Trial', 'API Trial', 'Draft', 'Live', 'Monthly Plan', 'Yearly Plan', 'KYC', 'Stopped', 'Deleted'].map(
    (tab) => ({ name: `project-lists, first page, ${tab}`, url: list, body: page(tab) }),
  ),
  {
    name: `project-lists, page by skip at its bound (${PROJECT_LIST_MAX_SKIP.toLocaleString('en')})`,
    url: list,
    body: page('All', { skip: PROJECT_LIST_MAX_SKIP }),
  },
  {
    name: `project-lists, deep page after the row held (skip ${deep.toLocaleString('en')})`,
    url: list,
    body: page('All', { skip: deep, after: anchor }),
  },
  {
    name: `project-lists, deep page before the row held (going back, skip ${deep.toLocaleString('en')})`,
    url: list,
    body: page('All', { skip: deep, before: nextAnchor }),
  },
  ...filters.map(([name, filter, tab]) => ({
    name: `project-lists, ${name}`,
    url: list,
    body: page(tab ?? 'All', filter),
  })),
  { name: 'project-counts', url: '/api/project-counts', body: {} },
  ...filters.map(([name, filter]) => ({ name: `project-counts, ${name}`, url: '/api/project-counts', body: filter })),
  {
    name: 'business-lists, first page',
    url: '/api/business-lists?sort=dec',
    body: { skip: 0, rowsPerPage: 25, filter: 'All' },
  },
  {
    name: 'business-lists, first page, Archived',
    url: '/api/business-lists?sort=dec',
    body: { skip: 0, rowsPerPage: 25, filter: 'Archived' },
  },
  {
    name: 'business-lists, deep page (skip 5000)',
    url: '/api/business-lists?sort=dec',
    body: { skip: 5_000, rowsPerPage: 25, filter: 'All' },
  },
  {
    name: 'business-lists, created in the last 30 days',
    url: '/api/business-lists?sort=dec',
    body: { skip: 0, rowsPerPage: 25, filter: 'All', fromDate: day(30), toDate: day(0) },
  },
  {
    name: 'business-lists, name search',
    url: '/api/business-lists?sort=dec',
    body: { skip: 0, rowsPerPage: 0, filter: 'business 4242', clientSearch: true },
  },
  { name: 'business-counts', url: '/api/business-counts', body: {} },
];

// The demo's referral user: a few businesses of their own among the partner's 200,000.
const referralToken = (
  (
    await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { userName: 'referral', password: 'Referral@123' },
    })
  ).json() as { token: string }
).token;
const referralCases: Case[] = [
  {
    name: 'partner-referral-project-lists, first page (referral scope)',
    url: '/api/partner-referral-project-lists?sort=dec',
    body: page('All'),
  },
  { name: 'partner-referral-project-counts (referral scope)', url: '/api/partner-referral-project-counts', body: {} },
  {
    name: 'partner-referral-business-lists, first page (referral scope)',
    url: '/api/partner-referral-business-lists?sort=dec',
    body: { skip: 0, rowsPerPage: 25, filter: 'All' },
  },
];

// The super-admin's list reads every partner's projects.
const adminToken = (
  (
    await app.inject({ method: 'POST', url: '/auth/login', payload: { userName: 'admin', password: 'Admin@123' } })
  ).json() as { token: string }
).token;
const superadminList = '/superadmin/project-lists';
const superadminCases: Case[] = [
  { name: 'superadmin project-lists, first page', url: superadminList, body: {} },
  { name: 'superadmin project-lists, status stopped', url: superadminList, body: { status: 'stopped' } },
  { name: 'superadmin project-lists, name search', url: superadminList, body: { search: 'project 4242' } },
  { name: 'superadmin project-lists, WhatsApp number digits', url: superadminList, body: { search: '5550118' } },
];

const rows = [
  ...(await timeCalls(app, token, cases, runs)),
  ...(await timeCalls(app, referralToken, referralCases, runs)),
  ...(await timeCalls(app, adminToken, superadminCases, runs)),
];
printTimes(`${size.toLocaleString('en')} projects, ${runs} calls each`, rows);
if (process.env.BENCH_JSON) {
  const report: BenchReport = {
    size,
    seedSeconds,
    rows,
    cases: [
      ...cases.map((c) => ({ ...c, user: 'owner' })),
      ...referralCases.map((c) => ({ ...c, user: 'referral' })),
      ...superadminCases.map((c) => ({ ...c, user: 'admin' })),
    ],
  };
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(report));
}
await app.close();
await database.close();
