/**
 * npm run bench: the projects list, its counts and the businesses list at scale.
 *
 * Builds the app in-process on a fresh embedded database (or on DATABASE_URL when set: give it an
 * empty database), seeds the demo world plus BENCH_PROJECTS projects (default 100,000) under Acme
 * with the scale seed, then times each call with app.inject: median and p95 over BENCH_RUNS calls
 * (default 50) after a warm-up. Target: under 50 ms median each.
 */
import { seedScaleUnderDemo } from '../apps/server/src/seed/scale.js';
import { benchApp, openBenchDatabase, printTimes, timeCalls, type Case } from './harness.js';

const size = Number(process.argv[2] ?? process.env.BENCH_PROJECTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);

const started = Date.now();
const { env, database, demoCreated } = await openBenchDatabase('pc-bench');
console.log(`Database: ${database.kind}; seeding the demo and ${size.toLocaleString('en')} projects...`);
if (demoCreated) await seedScaleUnderDemo(database.db, size);
console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const { app, token } = await benchApp(database, env);

const page = (filter: string, extra: Record<string, unknown> = {}) => ({ filter, skip: 0, rowsPerPage: 15, ...extra });
const cases: Case[] = [
  ...['All', 'Trial', 'API Trial', 'Draft', 'Live', 'Monthly Plan', 'Yearly Plan', 'KYC', 'Stopped', 'Deleted'].map(
    (tab) => ({
      name: `project-lists, first page, ${tab}`,
      url: '/api/project-lists?sort=dec',
      body: page(tab),
    }),
  ),
  {
    name: 'project-lists, deep page (skip 15000)',
    url: '/api/project-lists?sort=dec',
    body: page('All', { skip: 15_000 }),
  },
  {
    name: 'project-lists, name search',
    url: '/api/project-lists?sort=dec',
    body: page('All', { assistantName: 'project 4242' }),
  },
  {
    name: 'project-lists, monthly plan filter',
    url: '/api/project-lists?sort=dec',
    body: page('Monthly Plan', { monthlyPlan: 'PRO_MONTHLY' }),
  },
  { name: 'project-counts', url: '/api/project-counts', body: {} },
  { name: 'project-counts, name search', url: '/api/project-counts', body: { assistantName: 'project 4242' } },
  {
    name: 'business-lists, first page',
    url: '/api/business-lists?sort=dec',
    body: { skip: 0, rowsPerPage: 25, filter: 'All' },
  },
  { name: 'business-counts', url: '/api/business-counts', body: {} },
];

printTimes(`${size.toLocaleString('en')} projects, ${runs} calls each`, await timeCalls(app, token, cases, runs));
await app.close();
await database.close();
