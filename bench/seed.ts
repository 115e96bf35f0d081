/**
 * npm run bench:seed [-- rounds]: the demo seed of `npm start`'s first start, on a new data
 * directory opened as the server opens it (the embedded database, platform/db/open.ts), seeded with
 * the options the server gives it (seed/start-options.ts: the sandbox's Facebook login, sealed
 * webhook secrets and API keys, the invoices and media written to local storage). Each round
 * creates the database (PGlite's initdb), applies the migrations, seeds (what the server logs as
 * "Demo seeded in"), then counts and copies the rows the seed wrote. Target: the seed in 10 s.
 *
 * Anchors, measured in each round on the same database, so that they see the load the seed saw:
 * - **migrations**: applying every migration to the new database, the rest of a first start's
 *   database work, a fixed amount of work (some hundreds of DDL statements) the seed's changes do
 *   not touch: the ratio seed / migrations moves only when the seed does;
 * - **bulk copy**: the database writing the seed's rows again, one `insert ... select` per table
 *   into a copy of it with its indexes (`like ... including all`): the engine's own cost of that
 *   much data, without round trips, triggers or rules between the rows, which the seed cannot go
 *   under.
 * Times are wall clock; the seed's CPU time (this process, all threads) is printed beside it, which a
 * loaded machine stretches much less.
 *
 * `BENCH_CPU_PROFILE=1` writes a V8 CPU profile of the last round's seed and summarises it
 * (bench/cpu-profile.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readEnv } from '../apps/server/src/env.js';
import { openDatabase } from '../apps/server/src/platform/db/open.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { demoSeedOptions } from '../apps/server/src/seed/start-options.js';
import { printProfile, summariseProfile } from './cpu-profile.js';

const rounds = Number(process.argv[2] ?? 3);
const TARGET_MS = 10_000;

type Round = { createMs: number; migrateMs: number; seedMs: number; seedCpuMs: number; copyMs: number; rows: number };

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** CPU time of this process (all threads) since `from`, in ms. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1000;
};

const profiled = async <T>(work: () => Promise<T>): Promise<T> => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(os.tmpdir(), `pc-bench-seed-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`\nCPU profile of the seed: ${file}`);
    printProfile(summariseProfile(file, null));
  }
};

/** The seed's rows written again by the database alone; answers how many. */
const copyRows = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
  const tables = rowsOf(
    await database.db.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
    ),
  ).map((r) => String(r.name));
  let rows = 0;
  await database.db.transaction(async (tx) => {
    for (const table of tables) {
      const copy = sql.identifier(`bench_copy_${table}`);
      await tx.execute(sql`create temp table ${copy} (like ${sql.identifier(table)} including all)`);
      const result = (await tx.execute(sql`insert into ${copy} select * from ${sql.identifier(table)}`)) as {
        affectedRows?: number;
      };
      rows += result.affectedRows ?? 0;
    }
  });
  return rows;
};

const once = async (profile: boolean): Promise<Round> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-seed-'));
  try {
    const { DATABASE_URL: _postgres, ...embedded } = process.env;
    const env = readEnv({ ...embedded, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    let t0 = performance.now();
    const database = await openDatabase({ dataDir });
    const createMs = performance.now() - t0;
    try {
      t0 = performance.now();
      await migrate(database);
      const migrateMs = performance.now() - t0;

      const seed = () =>
        seedDemoIfEmpty(
          database.db,
          demoSeedOptions(env, () => new Date()),
        );
      t0 = performance.now();
      const cpu = process.cpuUsage();
      const seeded = profile ? await profiled(seed) : await seed();
      const seedMs = performance.now() - t0;
      const seedCpuMs = cpuMsSince(cpu);
      if (!seeded.created) throw new Error('the new database was not seeded');

      t0 = performance.now();
      const rows = await copyRows(database);
      return { createMs, migrateMs, seedMs, seedCpuMs, copyMs: performance.now() - t0, rows };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

console.log(`Load average at the start: ${loadAverage()} on ${os.cpus().length} cores`);
const results: Round[] = [];
for (let round = 1; round <= rounds; round++) {
  const r = await once(process.env.BENCH_CPU_PROFILE === '1' && round === rounds);
  results.push(r);
  console.log(
    `round ${round}  create ${r.createMs.toFixed(0)} ms  migrations ${r.migrateMs.toFixed(0)} ms  seed ${r.seedMs.toFixed(0)} ms (CPU ${r.seedCpuMs.toFixed(0)} ms)  bulk copy of its ${r.rows} rows ${r.copyMs.toFixed(0)} ms`,
  );
}
const of = (pick: (r: Round) => number) => median(results.map(pick));
const seed = of((r) => r.seedMs);
console.log(`\nDemo seed on a new embedded database, median of ${rounds} rounds, load average ${loadAverage()}:`);
console.log(
  `  seed          ${seed.toFixed(0)} ms (CPU ${of((r) => r.seedCpuMs).toFixed(0)} ms, min ${Math.min(...results.map((r) => r.seedMs)).toFixed(0)} ms)  target ${TARGET_MS} ms: ${seed <= TARGET_MS ? 'met' : 'NOT met'}`,
);
console.log(
  `  migrations    ${of((r) => r.migrateMs).toFixed(0)} ms  (seed / migrations ${(seed / of((r) => r.migrateMs)).toFixed(1)})`,
);
console.log(
  `  bulk copy     ${of((r) => r.copyMs).toFixed(0)} ms for ${results[0]!.rows} rows  (seed / bulk copy ${(seed / of((r) => r.copyMs)).toFixed(1)})`,
);
console.log(
  `  a first start's database work (create ${of((r) => r.createMs).toFixed(0)} ms, migrations, seed): ${of((r) => r.createMs + r.migrateMs + r.seedMs).toFixed(0)} ms`,
);
