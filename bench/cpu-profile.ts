/**
 * Where a process's main thread spent its time, from a V8 CPU profile (`node --cpu-prof`): the samples
 * inside the given windows only (the measured load, not start-up or seeding), by package and by
 * function. Self time is the function on top of the stack; inclusive time counts a sample for every
 * package on its stack once (drizzle's inclusive time holds the database calls it waits on
 * synchronously, such as PGlite's, which runs on this thread).
 *
 * Also a command: `npx tsx bench/cpu-profile.ts <file.cpuprofile>` summarises a whole profile.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };
/** Microseconds on the monotonic clock, as the profile's own timestamps. */
export type Window = { from: number; to: number };

export type ProfileSummary = {
  busyMs: number;
  idleMs: number;
  byPackage: { name: string; selfMs: number; inclusiveMs: number }[];
  byFunction: { name: string; selfMs: number }[];
};

const packageRules: [RegExp, string][] = [
  [/^wasm:|@electric-sql\/pglite/, 'PGlite (the embedded database)'],
  [/drizzle-orm/, 'drizzle (query building, row mapping)'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//, 'pg (PostgreSQL driver)'],
  [/node_modules\/jose\//, 'jose (token check)'],
  [
    /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|@pinojs\/redact)\//,
    'pino (logging)',
  ],
  [/fastify-type-provider-zod|node_modules\/zod\//, 'zod (validation, response serialization)'],
  [/@fastify\/helmet|node_modules\/helmet\//, 'helmet'],
  [/@fastify\/rate-limit/, 'rate limit'],
  [
    /node_modules\/(fastify|@fastify\/[a-z-]+|find-my-way|avvio|fast-json-stringify|secure-json-parse|light-my-request|toad-cache|fast-querystring|abstract-logging|process-warning|rfdc)\//,
    'fastify',
  ],
  [/packages\/contract\//, 'contract'],
  [/apps\/server\/src\/platform\//, 'console: platform'],
  [/apps\/server\/src\/modules\//, 'console: modules'],
  [/apps\/server\//, 'console: other'],
  [/^node:|^internal\//, 'node (http, net, streams, crypto)'],
];

const packageOf = (frame: CallFrame): string => {
  if (frame.functionName === '(garbage collector)') return 'garbage collector';
  if (frame.functionName === '(program)') return 'V8 and native (program)';
  if (frame.functionName === '(idle)') return 'idle';
  if (frame.functionName === '(root)') return 'root';
  for (const [rule, name] of packageRules) if (rule.test(frame.url)) return name;
  const nodeModule = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url);
  if (nodeModule) return nodeModule[1]!;
  return frame.url ? 'other' : 'V8 builtins';
};

export const summariseProfile = (file: string, windows: Window[] | null, root = process.cwd()): ProfileSummary => {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const functions = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows && !windows.some((w) => at >= w.from && at <= w.to)) return;
    const node = byId.get(id)!;
    const top = packageOf(node.callFrame);
    if (top === 'idle') {
      idle += delta;
      return;
    }
    busy += delta;
    self.set(top, (self.get(top) ?? 0) + delta);
    const where = node.callFrame.url
      ? `${path.relative(root, node.callFrame.url.replace(/^file:\/\//, ''))}:${node.callFrame.lineNumber + 1}`
      : '';
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + delta);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n))
      seen.add(packageOf(byId.get(n)!.callFrame));
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
  });
  const ms = (us: number) => us / 1000;
  return {
    busyMs: ms(busy),
    idleMs: ms(idle),
    byPackage: [...self.keys(), ...inclusive.keys()]
      .filter((name, i, all) => all.indexOf(name) === i && name !== 'root')
      .map((name) => ({ name, selfMs: ms(self.get(name) ?? 0), inclusiveMs: ms(inclusive.get(name) ?? 0) }))
      .sort((a, b) => b.selfMs - a.selfMs),
    byFunction: [...functions.entries()]
      .map(([name, us]) => ({ name, selfMs: ms(us) }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, 25),
  };
};

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`.padStart(7);

export const printProfile = (s: ProfileSummary) => {
  const total = s.busyMs + s.idleMs;
  console.log(
    `Main thread busy ${s.busyMs.toFixed(0)} ms of ${total.toFixed(0)} ms (${pct(s.busyMs, total).trim()}); shares of busy time:`,
  );
  console.log(`\n${'package'.padEnd(44)}  ${'self'.padStart(7)}  ${'inclusive'.padStart(9)}`);
  for (const p of s.byPackage)
    console.log(`${p.name.padEnd(44)}  ${pct(p.selfMs, s.busyMs)}  ${pct(p.inclusiveMs, s.busyMs).padStart(9)}`);
  console.log(`\n${'function (self time)'.padEnd(100)}  share`);
  for (const f of s.byFunction) console.log(`${f.name.slice(0, 100).padEnd(100)}  ${pct(f.selfMs, s.busyMs)}`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx bench/cpu-profile.ts <file.cpuprofile>');
    process.exit(2);
  }
  printProfile(summariseProfile(file, null));
}
