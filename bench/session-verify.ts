/**
 * npm run bench:session-verify: what checking the session token costs a request, the hand-written
 * HS256 check on node:crypto (platform/auth/session-jws.ts, what tokens.ts uses) beside jose's
 * jwtVerify with the same rules (HS256 only, `exp` required; the key imported once, and handed the
 * raw key, which jose imports on every call), in one run.
 *
 * 1. The check alone: wall and CPU microseconds per call (CPU from process.cpuUsage, which counts
 *    the thread pool where WebCrypto's HMAC runs), BENCH_VERIFIES calls (default 20,000) per
 *    verifier per round, the verifiers taking turns over 5 rounds; the median round is printed.
 * 2. The projects list's first page on the demo data (the cheapest list request, where the check
 *    weighs most) through two apps on one database that differ only in their verifier, taking turns
 *    in blocks of 50 calls, BENCH_RUNS calls each (default 1,000): median wall ms and CPU per call.
 */
import os from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { buildApp } from '../apps/server/src/app.js';
import { verifySessionJws } from '../apps/server/src/platform/auth/session-jws.js';
import { claimsOf, createTokenService, type TokenService } from '../apps/server/src/platform/auth/tokens.js';
import { createOutbox } from '../apps/server/src/providers/mail/outbox.js';
import { openBenchDatabase } from './harness.js';

const verifies = Number(process.env.BENCH_VERIFIES ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 1_000);
const ROUNDS = 5;
const BLOCK = 50;
const secret = 'bench-secret-bench-secret-bench-secret!';
const raw = new TextEncoder().encode(secret);
const rawBuffer = Buffer.from(raw);
const cryptoKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
/** jose's check as tokens.ts would call it: HS256 only, `exp` required, the key imported once. */
const joseVerify = async (t: string) => {
  try {
    return (await jwtVerify(t, cryptoKey, { algorithms: ['HS256'], requiredClaims: ['exp'] })).payload;
  } catch {
    return null;
  }
};

const shipped = createTokenService(secret);
const token = await shipped.sign({ sub: 'u1', sid: 's1', kind: 'agent', pid: 'p1' }, new Date(Date.now() + 3_600_000));

type Verifier = { name: string; verify: (token: string) => unknown };
const verifiers: Verifier[] = [
  { name: 'hand-written (node:crypto)', verify: (t) => verifySessionJws(t, rawBuffer, Date.now()) },
  { name: 'jose, key imported once', verify: joseVerify },
  {
    name: 'jose, raw key each call',
    verify: (t) => jwtVerify(t, raw, { algorithms: ['HS256'], requiredClaims: ['exp'] }),
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMicros = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

console.log(
  `Node ${process.version}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`\n1. The check alone: µs per call, median of ${ROUNDS} rounds of ${verifies.toLocaleString('en')}\n`);
const perCall = new Map<string, { wall: number[]; cpu: number[] }>(
  verifiers.map((v) => [v.name, { wall: [], cpu: [] }]),
);
for (const v of verifiers) for (let i = 0; i < 1_000; i += 1) await v.verify(token);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const v of verifiers) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < verifies; i += 1) await v.verify(token);
    perCall.get(v.name)!.wall.push(((performance.now() - t0) * 1000) / verifies);
    perCall.get(v.name)!.cpu.push(cpuMicros(cpu0) / verifies);
  }
}
for (const v of verifiers) {
  const m = perCall.get(v.name)!;
  console.log(
    `${v.name.padEnd(28)} wall ${median(m.wall).toFixed(1).padStart(6)} µs   CPU ${median(m.cpu).toFixed(1).padStart(6)} µs`,
  );
}

// 2. The same list request through two apps that differ only in how the token is checked.
const { env, database } = await openBenchDatabase('pc-bench-session');
const withJose: TokenService = { sign: shipped.sign, verify: async (t) => claimsOf(await joseVerify(t)) };
const appWith = (tokens: TokenService) =>
  buildApp({
    db: database.db,
    env,
    tokens,
    mail: createOutbox(path.join(os.tmpdir(), 'pc-bench-outbox'), env.SMTP_FROM),
    now: () => new Date(),
  });
const apps = [
  { name: 'hand-written (node:crypto)', app: await appWith(shipped) },
  { name: 'jose, key imported once', app: await appWith(withJose) },
];
const login = await apps[0]!.app.inject({
  method: 'POST',
  url: '/auth/login',
  payload: { userName: 'owner', password: 'Owner@123' },
});
const bearer = `Bearer ${(login.json() as { token: string }).token}`;
const listOnce = async (app: (typeof apps)[number]['app']) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/project-lists?sort=dec',
    headers: { authorization: bearer },
    payload: { filter: 'All', skip: 0, rowsPerPage: 15 },
  });
  if (res.statusCode !== 200) throw new Error(`project-lists: ${res.statusCode} ${res.body.slice(0, 200)}`);
};
const lists = new Map(apps.map((a) => [a.name, { wall: [] as number[], cpu: 0 }]));
for (const a of apps) for (let i = 0; i < 20; i += 1) await listOnce(a.app);
for (let done = 0; done < runs; done += BLOCK) {
  for (const a of apps) {
    const m = lists.get(a.name)!;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < BLOCK; i += 1) {
      const t0 = performance.now();
      await listOnce(a.app);
      m.wall.push(performance.now() - t0);
    }
    m.cpu += cpuMicros(cpu0);
  }
}
console.log(`\n2. The projects list's first page (demo data), ${runs.toLocaleString('en')} calls each, taking turns\n`);
for (const a of apps) {
  const m = lists.get(a.name)!;
  console.log(
    `${a.name.padEnd(28)} median ${median(m.wall).toFixed(3).padStart(7)} ms   CPU ${(m.cpu / m.wall.length / 1000).toFixed(3).padStart(7)} ms per call`,
  );
}
console.log(
  `\nload average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const a of apps) await a.app.close();
await database.close();
