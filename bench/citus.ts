/**
 * npm run bench:citus [size]: the projects bench (bench/projects.ts, same cases) at BENCH_PROJECTS
 * (default 1,000,000) on a throwaway PostgreSQL 15, then on a throwaway Citus cluster (coordinator
 * and two workers), one after the other, printed side by side with the ratio Citus / PostgreSQL.
 * Why: docs/scaling.md's costs of the Citus design, both measured in one run on the same machine
 * at the same load. Then, on the still-seeded cluster, the EXPLAIN ANALYZE of each statement a
 * partner's first page (All tab) sends, and of the call slowest beside PostgreSQL: a partner's
 * statement should run as one task on one node (Citus' "Task Count: 1").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCitusCluster } from '../scripts/citus-cluster.mjs';
import type { App } from '../apps/server/src/app.js';
import { statementsOf } from '../apps/server/test/citus-plans.js';
import { benchApp, openBenchDatabase, type BenchReport, type Case } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const size = Number(process.argv[2] ?? process.env.BENCH_PROJECTS ?? 1_000_000);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-citus-'));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const began = Date.now();
const since = () => `${((Date.now() - began) / 60_000).toFixed(1)} min`;
console.log(`${new Date().toISOString()}: ${size.toLocaleString('en')} projects; load average ${load()}`);

/** bench/projects.ts as a child (DATABASE_URL from `env` or from the wrapper), its report read back. */
const runBench = async (label: string, wrapper: string[], env: Record<string, string> = {}) => {
  const file = path.join(tmp, `${label}.json`);
  const command = [...wrapper, path.join(root, 'node_modules/.bin/tsx'), 'bench/projects.ts', String(size)];
  console.log(`\n== ${label} (load average ${load()}, ${since()} in)`);
  const code = await new Promise<number | null>((resolve) =>
    spawn(command[0]!, command.slice(1), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, BENCH_JSON: file },
    }).on('exit', resolve),
  );
  if (code !== 0) throw new Error(`${label}: bench/projects.ts exited with ${code}`);
  return JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
};

/**
 * Explains each statement of one call (made once before, so that the session is cached as usual).
 * The task count is what to read: a worker's plan shown with `$n` is planned there without the
 * values, and may differ from the calls' own (a hash join over a seq scan of the shard where the
 * calls walk the indexes: the shard's pg_stat_user_tables counts no seq scan for them).
 */
const explainCall = async (app: App, client: pg.Client, c: Case, token: string) => {
  const call = () =>
    app.inject({
      method: 'POST',
      url: c.url,
      headers: { authorization: `Bearer ${token}` },
      payload: c.body as object,
    });
  await call();
  const sent = await statementsOf(call, 'reads');
  console.log(`\n-- EXPLAIN ANALYZE of "${c.name}" on Citus: ${sent.length} statement(s)`);
  for (const s of sent) {
    const { rows } = await client.query(`explain (analyze, costs off, timing off, summary off) ${s.text}`, s.values);
    const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']);
    const tasks = plan.map((l) => /Task Count: (\d+)/.exec(l)?.[1]).filter(Boolean);
    console.log(`\n${s.text.replace(/\s+/g, ' ').slice(0, 160)}...`);
    console.log(`Task Count: ${tasks.join(', ') || 'none (coordinator only)'}`);
    console.log(plan.map((l) => `  ${l}`).join('\n'));
  }
};

const pgReport = await runBench('PostgreSQL', ['node', 'scripts/with-postgres.mjs']);
console.log(`\n== Citus: starting a coordinator and two workers (load average ${load()}, ${since()} in)`);
const cluster = await startCitusCluster({ shardCount: Number(process.env.CITUS_SHARD_COUNT ?? 8) });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cluster.remove();
    process.exit(1);
  });
let citusReport: BenchReport;
try {
  citusReport = await runBench(`Citus ${cluster.version}`, [], { DATABASE_URL: cluster.url, CITUS_SUITE: '1' });
  const endLoad = load();

  const width = Math.max(...pgReport.rows.map((r) => r.call.length));
  const ratio = (a: string, b: string) => (Number(b) / Number(a)).toFixed(2);
  const num = (s: string) => s.padStart(8);
  console.log(
    `\n${size.toLocaleString('en')} projects, ${new Date().toISOString().slice(0, 10)}: times in ms` +
      ` (seed: PostgreSQL ${pgReport.seedSeconds.toFixed(0)} s, Citus ${citusReport.seedSeconds.toFixed(0)} s;` +
      ` load average ${endLoad} at the end)\n`,
  );
  console.log(
    `${'call'.padEnd(width)}  ${num('PG p50')}  ${num('PG p95')}  ${num('Ci p50')}  ${num('Ci p95')}  ${num('x p50')}  ${num('x p95')}`,
  );
  for (const [i, r] of pgReport.rows.entries()) {
    const c = citusReport.rows[i]!;
    console.log(
      `${r.call.padEnd(width)}  ${num(r.median)}  ${num(r.p95)}  ${num(c.median)}  ${num(c.p95)}  ` +
        `${num(ratio(r.median, c.median))}  ${num(ratio(r.p95, c.p95))}`,
    );
  }

  // The explains: on the cluster still seeded, in this process (the app on the same database).
  process.env.DATABASE_URL = cluster.url;
  const { database, env } = await openBenchDatabase('pc-bench-citus');
  const { app } = await benchApp(database, env);
  const passwords: Record<string, string> = { owner: 'Owner@123', referral: 'Referral@123', admin: 'Admin@123' };
  const tokens: Record<string, string> = {};
  for (const [userName, password] of Object.entries(passwords))
    tokens[userName] = (
      (await app.inject({ method: 'POST', url: '/auth/login', payload: { userName, password } })).json() as {
        token: string;
      }
    ).token;
  const client = new pg.Client(cluster.url);
  await client.connect();
  const first = citusReport.cases.find((c) => c.name === 'project-lists, first page, All')!;
  await explainCall(app, client, first, tokens.owner!);
  // The calls slowest beside PostgreSQL: a partner's, and any (the super-admin's read every node).
  const slowest = citusReport.cases
    .map((c, i) => ({ c, x: Number(citusReport.rows[i]!.median) / Number(pgReport.rows[i]!.median) }))
    .filter(({ x }) => Number.isFinite(x))
    .sort((a, b) => b.x - a.x);
  const shown = new Set([first]);
  for (const s of [slowest.find(({ c }) => c.user !== 'admin'), slowest[0]])
    if (s && !shown.has(s.c)) {
      shown.add(s.c);
      console.log(`\n(slowest beside PostgreSQL${s.c.user === 'admin' ? '' : ' of a partner'}: x${s.x.toFixed(2)})`);
      await explainCall(app, client, s.c, tokens[s.c.user]!);
    }
  await client.end();
  await app.close();
  await database.close();
} finally {
  cluster.remove();
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`\nDone in ${since()}; load average ${load()}`);
