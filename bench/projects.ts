/**
 * npm run bench: the projects list, its counts and the businesses list at scale.
 *
 * Builds the app in-process on a fresh embedded database (or on DATABASE_URL when set: give it an
 * empty database), seeds the demo world plus BENCH_PROJECTS projects (default 100,000) under Acme
 * with the scale seed, then times each call with app.inject: median and p95 over BENCH_RUNS calls
 * (default 50) after a warm-up. Target: under 50 ms median each.
 */
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readEnv } from '../apps/server/src/env.js';
import { buildApp } from '../apps/server/src/app.js';
import { createTokenService } from '../apps/server/src/platform/auth/tokens.js';
import { fromPglite, fromPostgres } from '../apps/server/src/platform/db/open.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { createOutbox } from '../apps/server/src/providers/mail/outbox.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { seedScaleUnderDemo } from '../apps/server/src/seed/scale.js';

const size = Number(process.argv[2] ?? process.env.BENCH_PROJECTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);
const target = 50;

const env = readEnv({ ...process.env, DATA_DIR: path.join(os.tmpdir(), 'pc-bench'), LOG_LEVEL: 'silent' });
const database = env.DATABASE_URL ? fromPostgres(env.DATABASE_URL) : fromPglite(await PGlite.create());
console.log(`Database: ${database.kind}; seeding the demo and ${size.toLocaleString('en')} projects...`);
const started = Date.now();
await migrate(database);
const seeded = await seedDemoIfEmpty(database.db);
if (seeded.created) await seedScaleUnderDemo(database.db, size);
console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const app = await buildApp({
  db: database.db,
  env,
  tokens: createTokenService('bench-secret-bench-secret-bench-secret!'),
  mail: createOutbox(path.join(os.tmpdir(), 'pc-bench-outbox'), env.SMTP_FROM),
  now: () => new Date(),
});
const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { userName: 'owner', password: 'Owner@123' } });
const token = (login.json() as { token: string }).token;

type Case = { name: string; url: string; body: unknown };
const page = (filter: string, extra: Record<string, unknown> = {}) => ({ filter, skip: 0, rowsPerPage: 15, ...extra });
const cases: Case[] = [
  ...['All', 'Trial', 'API Trial', 'Draft', 'Live', 'Monthly Plan', 'Yearly Plan', 'KYC', 'Stopped', 'Deleted'].map((tab) => ({
    name: `project-lists, first page, ${tab}`,
    url: '/api/project-lists?sort=dec',
    body: page(tab),
  })),
  { name: 'project-lists, deep page (skip 15000)', url: '/api/project-lists?sort=dec', body: page('All', { skip: 15_000 }) },
  { name: 'project-lists, name search', url: '/api/project-lists?sort=dec', body: page('All', { assistantName: 'project 4242' }) },
  { name: 'project-lists, monthly plan filter', url: '/api/project-lists?sort=dec', body: page('Monthly Plan', { monthlyPlan: 'PRO_MONTHLY' }) },
  { name: 'project-counts', url: '/api/project-counts', body: {} },
  { name: 'project-counts, name search', url: '/api/project-counts', body: { assistantName: 'project 4242' } },
  { name: 'business-lists, first page', url: '/api/business-lists?sort=dec', body: { skip: 0, rowsPerPage: 25, filter: 'All' } },
  { name: 'business-counts', url: '/api/business-counts', body: {} },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const rows: { call: string; median: string; p95: string; ok: string }[] = [];
for (const c of cases) {
  const once = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: c.url, headers: { authorization: `Bearer ${token}` }, payload: c.body as object });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms;
  };
  try {
    for (let i = 0; i < 3; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) times.push(await once());
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    rows.push({ call: c.name, median: median.toFixed(1), p95: quantile(times, 0.95).toFixed(1), ok: median < target ? 'yes' : 'NO' });
  } catch (error) {
    rows.push({ call: c.name, median: '-', p95: '-', ok: `n/a (${(error as Error).message.slice(0, 60)})` });
  }
}
console.log(`\n${size.toLocaleString('en')} projects, ${runs} calls each, times in ms (target: median under ${target} ms)\n`);
const width = Math.max(...rows.map((r) => r.call.length));
console.log(`${'call'.padEnd(width)}  ${'median'.padStart(7)}  ${'p95'.padStart(7)}  under target`);
for (const r of rows) console.log(`${r.call.padEnd(width)}  ${r.median.padStart(7)}  ${r.p95.padStart(7)}  ${r.ok}`);
await app.close();
await database.close();
