/**
 * npm run bench:start [-- rounds]: cold start of the console on an existing embedded database, from
 * spawning the process to the first 200 of GET /healthz (it listens) and of GET /readyz (the database
 * answers and every migration is applied). The compiled server (`node apps/server/dist/main.js`, what
 * `npm start` and a container run) side by side with its anchor, a bare Fastify process with those
 * two routes (`bareFastify` below: what any Fastify server pays to start, Node's own start and
 * loading Fastify), started the same way and alternating with it in one run so both see the same
 * load. Target: the console's /readyz under 1.5 s. `BENCH_WITH_TSX=1` adds the TypeScript source run
 * by tsx (what `npm start` ran before the production build).
 *
 * The data directory is seeded once (the demo) by a first start that is not counted. Needs a build:
 * `npm run build` (or `npm start` once).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 5);
const TARGET_MS = 1500;
const compiledMain = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(compiledMain)) {
  console.error('No compiled server: run `npm run build` first.');
  process.exit(1);
}

type Way = { name: string; command: string; args: string[] };

/**
 * The anchor: a bare Fastify process answering the two routes the bench waits for, nothing else (no
 * database, no logger, no plugins), run by node as the console is, from JavaScript Node does not
 * have to transform, and taking PORT and HOST from the environment as the console does.
 */
const bareFastify = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;
const ways: Way[] = [
  { name: 'compiled (node dist/main.js)', command: process.execPath, args: [compiledMain] },
  { name: 'bare Fastify', command: process.execPath, args: ['--input-type=module', '--eval', bareFastify] },
  ...(process.env.BENCH_WITH_TSX === '1'
    ? [
        {
          name: 'source (tsx src/main.ts)',
          command: path.join(root, 'node_modules/.bin/tsx'),
          args: [path.join(root, 'apps/server/src/main.ts')],
        },
      ]
    : []),
];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * CPU time (user + system, ms) of a process and its children so far, from /proc (Linux): the load
 * of the machine stretches the wall time of a start, much less the work it does. tsx runs the source
 * in a child process, hence the tree. Clock ticks are 1/100 s on Linux.
 */
const cpuMsOfTree = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return own + children.reduce((sum, child) => sum + cpuMsOfTree(Number(child)), 0);
  } catch {
    return Number.NaN;
  }
};

/**
 * CPU time of the server's main thread (the innermost process of the tree): the path a start waits
 * on when the machine is otherwise idle, the other threads (garbage collection, WebAssembly
 * compilation) running beside it on the second core.
 */
const mainThreadCpuMs = (pid: number): number => {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    if (children.length > 0) return mainThreadCpuMs(Number(children.at(-1)));
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

/** Polls `url` every 5 ms until it answers 200; answers the milliseconds since `t0`. */
const firstOk = async (url: string, t0: number, child: ChildProcess): Promise<number> => {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before ${url} answered`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - t0;
    if (performance.now() - t0 > 120_000) throw new Error(`${url} did not answer 200 within 2 minutes`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const startOnce = async (way: Way, dataDir: string) => {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(way.command, way.args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const healthz = await firstOk(`http://127.0.0.1:${port}/healthz`, t0, child);
    const readyz = await firstOk(`http://127.0.0.1:${port}/readyz`, t0, child);
    return { healthz, readyz, cpu: cpuMsOfTree(child.pid!), mainCpu: mainThreadCpuMs(child.pid!) };
  } finally {
    await stop(child);
  }
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-cold-start-'));
try {
  console.log(`Seeding ${dataDir} (a first start, not counted)...`);
  await startOnce(ways[0]!, dataDir);
  const times = new Map(
    ways.map((w) => [w.name, [] as { healthz: number; readyz: number; cpu: number; mainCpu: number }[]]),
  );
  for (let round = 1; round <= rounds; round++) {
    for (const way of round % 2 ? ways : [...ways].reverse()) {
      const t = await startOnce(way, dataDir);
      times.get(way.name)!.push(t);
      console.log(
        `round ${round}  ${way.name.padEnd(30)} /healthz ${t.healthz.toFixed(0)} ms  /readyz ${t.readyz.toFixed(0)} ms  (CPU ${t.cpu.toFixed(0)} ms, main thread ${t.mainCpu.toFixed(0)} ms)`,
      );
    }
  }
  console.log(
    `\nCold start on an existing embedded database, ${rounds} rounds, load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores:`,
  );
  const readyOf = (name: string) => median(times.get(name)!.map((t) => t.readyz));
  const console_ = readyOf(ways[0]!.name);
  const bare = readyOf(ways[1]!.name);
  console.log(
    `  the console's /readyz: ${console_.toFixed(0)} ms, ${(console_ / bare).toFixed(1)} times bare Fastify's (${bare.toFixed(0)} ms); target ${TARGET_MS} ms: ${console_ < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  for (const [name, ts] of times) {
    const h = ts.map((t) => t.healthz);
    const r = ts.map((t) => t.readyz);
    const c = ts.map((t) => t.cpu);
    const m = ts.map((t) => t.mainCpu);
    console.log(
      `  ${name.padEnd(30)} /healthz median ${median(h).toFixed(0)} ms (min ${Math.min(...h).toFixed(0)}, max ${Math.max(...h).toFixed(0)})` +
        `  /readyz median ${median(r).toFixed(0)} ms (min ${Math.min(...r).toFixed(0)}, max ${Math.max(...r).toFixed(0)})` +
        `  CPU to ready median ${median(c).toFixed(0)} ms (main thread ${median(m).toFixed(0)} ms)`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
