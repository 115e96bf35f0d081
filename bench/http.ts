/**
 * npm run bench:http: the projects list route's throughput over HTTP, beside a bare Fastify route.
 *
 * In one run, on loopback only:
 * 1. the console as it ships (apps/server/src/main.ts, BENCH_SERVER=dist for the compiled
 *    apps/server/dist/main.js) in its own process on a fresh data directory, demo seeded, its
 *    production logger writing every request's lines to /dev/null (LOG_LEVEL info, the default);
 *    with DATABASE_URL (node scripts/with-postgres.mjs npm run bench:http) on that PostgreSQL;
 * 2. signed in as the demo owner, its first page of the projects list fetched once (POST
 *    /api/project-lists?sort=dec, the bench's 15 rows);
 * 3. a bare Fastify server (bench/http-bare.ts) in its own process answering that same body on the
 *    same path;
 * 4. each loaded in turn by autocannon from this process (the loader never shares a server's event
 *    loop) with 50 connections: a warm-up (BENCH_WARMUP_S, 2) then the measure (BENCH_SECONDS, 10),
 *    BENCH_ROUNDS times (1), alternating console and bare;
 * then prints requests/s, p50 and p99 of each, the CPU time each server process spent per answer
 * (from /proc: steadier than requests/s when other work shares the machine; on PostgreSQL the
 * database server's own CPU is not in it) and the ratio console/bare.
 *
 * BENCH_PROFILE=<dir> runs the console under `node --cpu-prof` and prints where its CPU time went
 * during the measured windows (bench/cpu-profile.ts), by package and by function.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { printProfile, summariseProfile } from './cpu-profile.js';
import { politeLoad } from './polite-load.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_S ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
const consolePort = Number(process.env.BENCH_PORT ?? 3440);
const listPath = '/api/project-lists?sort=dec';
const firstPage = JSON.stringify({ filter: 'All', skip: 0, rowsPerPage: 15 });

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'h-tp-http-'));
const cleanUp = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

const waitUntil = async (what: string, ready: () => Promise<boolean>, timeoutMs = 180_000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
};

/** The console's own entry point: what `npm start` runs, source through tsx or the compiled build. */
const startConsole = () => {
  const dist = path.join(root, 'apps/server/dist/main.js');
  const useDist = process.env.BENCH_SERVER === 'dist';
  if (useDist && !existsSync(dist)) throw new Error(`BENCH_SERVER=dist but ${dist} is missing: npm run build`);
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const args = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'] : []),
    // From source, the contract resolves to its TypeScript through the workspace link.
    ...(useDist ? [dist] : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]),
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(consolePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    // The logger's lines go to /dev/null (a write per line, as to a log file); errors stay visible.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { child, url: `http://127.0.0.1:${consolePort}`, kind: useDist ? 'compiled' : 'source (tsx)' };
};

const startBare = async (body: unknown) => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/http-bare.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(consolePort + 1) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const listening = new Promise<{ port: number }>((resolve) => child.once('message', resolve as never));
  child.send(body as object);
  const { port } = await listening;
  return { url: `http://127.0.0.1:${port}`, pid: child.pid };
};

type Load = {
  /** Answers a second that served the page (2xx): the throughput, refusals left out. */
  rps: number;
  /** Latency of the served answers only: a refusal is fast by design and would flatter the figures. */
  p50: number;
  p99: number;
  /** Fast 503s of admission control (platform/http/admission.ts), a second, and their p99. */
  refusedPerSecond: number;
  refusedP99: number;
  non2xx: number;
  errors: number;
  /** CPU time the server process spent per answer (user and system): steadier than req/s on a busy machine. */
  cpuMs: number;
  startedAt: number;
  at: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A process's CPU time so far in ms, from Linux's /proc in clock ticks of 10 ms (0 elsewhere: the column then reads 0). */
const cpuMsOf = (pid: number | undefined) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** Microseconds on the monotonic clock that V8's CPU profiles use too (the same in every process). */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Past 100 connections the crowd keeps to Retry-After (bench/polite-load.ts): what admitted clients see. */
const politeLoadOf = async (url: string, token: string, duration: number, pid: number | undefined): Promise<Load> => {
  const cpuBefore = cpuMsOf(pid);
  const startedAt = nowMicros();
  const result = await politeLoad({
    url: `${url}${listPath}`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: firstPage,
    clients: connections,
    seconds: duration,
  });
  const served = result.served.sort((a, b) => a - b);
  return {
    rps: served.length / duration,
    p50: percentile(served, 50),
    p99: percentile(served, 99),
    refusedPerSecond: result.refused / duration,
    refusedP99: 0,
    non2xx: result.refused,
    errors: result.errors,
    cpuMs: (cpuMsOf(pid) - cpuBefore) / Math.max(1, served.length + result.refused),
    startedAt,
    at: nowMicros(),
  };
};

const load = async (url: string, token: string, duration: number, pid: number | undefined): Promise<Load> => {
  if (connections > 100 && !process.env.BENCH_IMPOLITE) return politeLoadOf(url, token, duration, pid);
  const cpuBefore = cpuMsOf(pid);
  const startedAt = nowMicros();
  const served: number[] = [];
  const refused: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${listPath}`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: firstPage,
        connections,
        duration,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      if (status >= 200 && status < 300) served.push(ms);
      else if (status === 503) refused.push(ms);
    });
  });
  served.sort((a, b) => a - b);
  refused.sort((a, b) => a - b);
  return {
    rps: served.length / duration,
    p50: percentile(served, 50),
    p99: percentile(served, 99),
    refusedPerSecond: refused.length / duration,
    refusedP99: percentile(refused, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMs: (cpuMsOf(pid) - cpuBefore) / Math.max(1, result.requests.total),
    startedAt,
    at: nowMicros(),
  };
};

try {
  const started = Date.now();
  const server = startConsole();
  await waitUntil('the console', async () => (await fetch(`${server.url}/readyz`)).ok);
  console.log(
    `Console (${server.kind}) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'owner', password: 'Owner@123' }),
  });
  const { token } = (await login.json()) as { token: string };
  const page = await fetch(`${server.url}${listPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: firstPage,
  });
  if (!page.ok) throw new Error(`the first page answered ${page.status}: ${await page.text()}`);
  const body = (await page.json()) as { projects: unknown[] };
  const bare = await startBare(body);
  console.log(
    `First page: ${body.projects.length} projects, ${JSON.stringify(body).length} bytes; ${connections} connections, ` +
      `${warmupSeconds} s warm-up then ${seconds} s each, ${rounds} round(s); load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  const measured = { console: [] as Load[], bare: [] as Load[] };
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, url, pid] of [
      ['console', server.url, server.child.pid],
      ['bare', bare.url, bare.pid],
    ] as const) {
      await load(url, token, warmupSeconds, pid);
      const result = await load(url, token, seconds, pid);
      if (result.non2xx || result.errors) console.log(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      measured[name].push(result);
    }
  }

  const mean = (loads: Load[], key: 'rps' | 'p50' | 'p99' | 'cpuMs' | 'refusedPerSecond' | 'refusedP99') =>
    loads.reduce((sum, l) => sum + l[key], 0) / loads.length;
  const rows = (['console', 'bare'] as const).map((name) => ({
    server: name === 'console' ? `console, ${listPath}` : 'bare Fastify, same JSON',
    rps: mean(measured[name], 'rps'),
    p50: mean(measured[name], 'p50'),
    p99: mean(measured[name], 'p99'),
    cpuMs: mean(measured[name], 'cpuMs'),
    refused: mean(measured[name], 'refusedPerSecond'),
    refusedP99: mean(measured[name], 'refusedP99'),
  }));
  console.log(
    `\n${'server'.padEnd(38)}  ${'served/s'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'CPU ms/req'.padStart(10)}  ${'503/s'.padStart(7)}  ${'503 p99'.padStart(7)}`,
  );
  for (const r of rows)
    console.log(
      `${r.server.padEnd(38)}  ${r.rps.toFixed(0).padStart(8)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p99.toFixed(1).padStart(7)}  ${r.cpuMs.toFixed(3).padStart(10)}  ${r.refused.toFixed(0).padStart(7)}  ${r.refusedP99.toFixed(1).padStart(7)}`,
    );
  const target = process.env.DATABASE_URL ? 0.15 : 0.05;
  const ratio = rows[0]!.rps / rows[1]!.rps;
  console.log(`\nratio console/bare: ${ratio.toFixed(3)} (target at least ${target})`);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  if (profileDir) {
    // The profile is written when the console exits; only the samples of its measured windows count.
    const before = new Set(readdirSync(profileDir));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread (tsx's loader has its own).
    const file = readdirSync(profileDir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f) && !before.has(f));
    if (!file) throw new Error('no CPU profile was written');
    const windows = measured.console.map((l) => ({ from: l.startedAt, to: l.at }));
    console.log(`\nCPU profile: ${path.join(profileDir, file)}`);
    printProfile(summariseProfile(path.join(profileDir, file), windows, root));
  }
} finally {
  cleanUp();
}
