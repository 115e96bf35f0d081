/**
 * What the benchmark scripts share: the app built in-process on a fresh database, signed in as the
 * demo owner, and the timing of calls (median and p95 over `runs` calls after a warm-up of 3).
 */
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readEnv } from '../apps/server/src/env.js';
import { buildApp, type App } from '../apps/server/src/app.js';
import { createTokenService } from '../apps/server/src/platform/auth/tokens.js';
import {
  fromPglite,
  fromPostgres,
  noteDistribution,
  pgliteOptions,
  type Database,
} from '../apps/server/src/platform/db/open.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { createOutbox } from '../apps/server/src/providers/mail/outbox.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';

export const TARGET_MS = 50;

/** A fresh embedded database, or DATABASE_URL's (give it an empty one), migrated and demo-seeded. */
export const openBenchDatabase = async (name: string) => {
  const env = readEnv({ ...process.env, DATA_DIR: path.join(os.tmpdir(), name), LOG_LEVEL: 'silent' });
  // BENCH_PGLITE_DIR keeps the embedded database between runs (seeded once); in memory otherwise.
  const pglite = env.DATABASE_URL ? null : await PGlite.create(process.env.BENCH_PGLITE_DIR, pgliteOptions);
  // On Citus the app must know it (as openDatabase does): a few statements take another shape there.
  const database: Database = pglite ? fromPglite(pglite) : await noteDistribution(fromPostgres(env.DATABASE_URL!));
  await migrate(database);
  const seeded = await seedDemoIfEmpty(database.db);
  return { env, database, pglite, demoCreated: seeded.created };
};

/** The app on that database and a token of the demo owner. */
export const benchApp = async (database: Database, env: ReturnType<typeof readEnv>) => {
  const app = await buildApp({
    db: database.db,
    env,
    tokens: createTokenService('bench-secret-bench-secret-bench-secret!'),
    mail: createOutbox(path.join(os.tmpdir(), 'pc-bench-outbox'), env.SMTP_FROM),
    now: () => new Date(),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { userName: 'owner', password: 'Owner@123' },
  });
  return { app, token: (login.json() as { token: string }).token };
};

export type Case = { name: string; url: string; body: unknown };
export type Row = { call: string; median: string; p95: string; ok: string };
/** What bench/projects.ts writes to BENCH_JSON (for bench/citus.ts): its rows, and its cases with who calls them. */
export type BenchReport = { size: number; seedSeconds: number; rows: Row[]; cases: (Case & { user: string })[] };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Times each POST case; a failing call is reported in its row rather than ending the run. */
export const timeCalls = async (app: App, token: string, cases: Case[], runs: number): Promise<Row[]> => {
  const rows: Row[] = [];
  for (const c of cases) {
    const once = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: c.url,
        headers: { authorization: `Bearer ${token}` },
        payload: c.body as object,
      });
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
      rows.push({
        call: c.name,
        median: median.toFixed(1),
        p95: quantile(times, 0.95).toFixed(1),
        ok: median < TARGET_MS ? 'yes' : 'NO',
      });
    } catch (error) {
      rows.push({ call: c.name, median: '-', p95: '-', ok: `n/a (${(error as Error).message.slice(0, 60)})` });
    }
  }
  return rows;
};

export const printTimes = (title: string, rows: Row[]) => {
  console.log(`\n${title}, times in ms (target: median under ${TARGET_MS} ms)\n`);
  const width = Math.max(...rows.map((r) => r.call.length));
  console.log(`${'call'.padEnd(width)}  ${'median'.padStart(7)}  ${'p95'.padStart(7)}  under target`);
  for (const r of rows) console.log(`${r.call.padEnd(width)}  ${r.median.padStart(7)}  ${r.p95.padStart(7)}  ${r.ok}`);
};
