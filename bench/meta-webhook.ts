/**
 * Meta's webhook (`npm run bench:meta-webhook`; figures in docs/benchmarks.md, "Meta's webhook"): on
 * a fresh demo database (embedded, or DATABASE_URL's: `node scripts/with-postgres.mjs npm run
 * bench:meta-webhook`), the app built in-process (bench/harness.ts) and listening on 127.0.0.1.
 *
 * (a) The answer: POST /platform/meta/webhook over loopback HTTP, signed as Meta signs
 *     (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret), for deliveries of 1,
 *     200 and 2,000 statuses (p50 and p99 of BENCH_ANSWER_RUNS calls, 50; 20 for 2,000), each
 *     call followed by the anchor: one plain insert of the same body into a scratch table, on the
 *     same database and connection pool. The answer's work is the signature, the parse and one job
 *     insert; nothing runs the jobs meanwhile, and they are deleted afterwards.
 * (b) The ingest (after warm-up deliveries, one per connection of the pool): BENCH_STATUSES (10,000) sent, delivered and read statuses of messages of four
 *     demo projects (their callback data made by callbackDataOf), posted in deliveries of 1,000,
 *     then drained by the jobs runner (JOBS_CONCURRENCY, 16): statuses a second, beside the anchor,
 *     the same rows inserted into a scratch table with message_events' columns and primary key,
 *     1,000 rows a statement, right after each drain. BENCH_INGEST_ROUNDS (3) rounds of both, of new
 *     messages each; their medians are compared. Then the drain's work without HTTP, jobs or
 *     parsing, once: as many statuses handed to recordStatuses, 1,000 a call.
 *
 * It checks what it measures: every answer is 200, every delivery is one job, every status is
 * recorded once; otherwise it says what went wrong and exits 1. A target missed is printed, not
 * an error (the figures are read beside the load average it prints).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';
import { callbackDataOf, recordStatuses } from '../apps/server/src/modules/project-api/status.js';
import { META_DELIVERY_JOB } from '../apps/server/src/modules/templates/meta-deliveries.js';
import { newId } from '../apps/server/src/platform/db/ids.js';
import { jobs, projects } from '../apps/server/src/platform/db/schema.js';
import { runDueJobs } from '../apps/server/src/platform/jobs/runner.js';
import { startJobRunner } from '../apps/server/src/platform/jobs/start-runner.js';
import { statusReportsOf } from '../apps/server/src/providers/meta/messages/statuses.js';
import { metaAppSecret } from '../apps/server/src/providers/meta/templates/create.js';
import { benchApp, openBenchDatabase } from './harness.js';
import { deliveryOf, messagesOf, statusesOf, type BenchMessage } from './meta-webhook-payload.js';

const ANSWER_RUNS = Number(process.env.BENCH_ANSWER_RUNS ?? 50);
const ANSWER_CASES = [
  { statuses: 1, runs: ANSWER_RUNS },
  { statuses: 200, runs: ANSWER_RUNS },
  { statuses: 2_000, runs: Math.max(1, Math.round(ANSWER_RUNS * 0.4)) },
];
const STATUSES = Number(process.env.BENCH_STATUSES ?? 10_000);
const PER_DELIVERY = 1_000;
const WARM_UP = 3;
const INGEST_ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);
/** The issue's targets: the answer's p50 at 200 statuses, and the ingest against the plain insert. */
const ANSWER_TARGET_MS = { postgres: 50, pglite: 250 };
const INGEST_TARGET_RATIO = 0.2;
const DEMO_PROJECTS = ['Metro Clinics', 'Metro Reminders', 'Sunrise Bakery', 'Zen Yoga'];

const fail = (message: string): never => {
  console.error(`\nbench:meta-webhook stopped: ${message}`);
  process.exit(1);
};
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
if (!(Number.isInteger(ANSWER_RUNS) && ANSWER_RUNS > 0 && Number.isInteger(STATUSES) && STATUSES > 0))
  fail('BENCH_ANSWER_RUNS and BENCH_STATUSES are whole numbers above 0');
const startedAt = new Date();
const loadAtStart = loadavg();

const { env, database, pglite } = await openBenchDatabase('pc-bench-meta-webhook');
const kind = database.kind;
const { app } = await benchApp(database, env);
const db = database.db;
const rows = async <R>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: R[] }).rows;

// The route's secret as the server reads it (META_APP_SECRET, or the one it derives); signed here as Meta signs.
const appSecret = metaAppSecret(env);
const sign = (raw: string) => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/platform/meta/webhook`;

/** One delivery as Meta posts it; answers the time to the whole answer, in ms. */
const post = async (raw: string) => {
  const signature = sign(raw);
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body: raw,
  });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) fail(`POST /platform/meta/webhook answered ${res.status}: ${body.slice(0, 200)}`);
  return ms;
};

// Scratch tables for the anchors, as plain as the rows they stand beside (BENCH_PGLITE_DIR keeps them).
await db.execute(sql`drop table if exists bench_meta_bodies`);
await db.execute(sql`create table bench_meta_bodies (id text primary key, payload jsonb not null,
  created_at timestamptz not null default now())`);
await db.execute(sql`drop table if exists bench_meta_events`);
await db.execute(sql`create table bench_meta_events (message_id text not null, status text not null,
  partner_id text not null, project_id text not null, category text not null, initiator text not null,
  country text not null, recipient text, occurred_at timestamptz not null,
  received_at timestamptz not null default now(), primary key (message_id, status, partner_id))`);
await db.delete(jobs).where(eq(jobs.kind, META_DELIVERY_JOB));
const deliveryJobs = async () =>
  Number((await rows<{ n: string }>(sql`select count(*) as n from jobs where kind = ${META_DELIVERY_JOB}`))[0]!.n);

const demo = await db
  .select({ id: projects.id, partnerId: projects.partnerId, name: projects.name })
  .from(projects)
  .where(inArray(projects.name, DEMO_PROJECTS));
if (demo.length !== DEMO_PROJECTS.length) fail(`the demo projects ${DEMO_PROJECTS.join(', ')} are not all there`);
const callbacks = demo.map((p) => callbackDataOf({ projectId: p.id, category: 'utility', country: 'IN' }));
// This run's message ids share a prefix (its tag), so its events are counted without a list of ids.
const run = { tag: randomBytes(12), next: 0 };
const messages = (count: number, project: (i: number) => number): BenchMessage[] => {
  const made = messagesOf(run, count, (i) => callbacks[project(i)]!);
  run.next += count;
  return made;
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const p = (xs: number[], q: number) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    q,
  );

// (a) The answer, each call beside the plain insert of its body (alternated, so both see the same load).
const answers = [];
let posted = 0;
for (const c of ANSWER_CASES) {
  const route: number[] = [];
  const plain: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UP + c.runs; i += 1) {
    const raw = JSON.stringify(
      deliveryOf(statusesOf(messages(Math.ceil(c.statuses / 3), () => 0)).slice(0, c.statuses)),
    );
    bytes = Buffer.byteLength(raw);
    const routeMs = await post(raw);
    posted += 1;
    const t0 = performance.now();
    await db.execute(sql`insert into bench_meta_bodies (id, payload) values (${newId()}, ${raw}::jsonb)`);
    const plainMs = performance.now() - t0;
    if (i >= WARM_UP) {
      route.push(routeMs);
      plain.push(plainMs);
    }
  }
  answers.push({ ...c, bytes, route, plain });
}
const storedJobs = await deliveryJobs();
if (storedJobs !== posted) fail(`${posted} deliveries answered 200 but ${storedJobs} jobs were stored (one each)`);
await db.delete(jobs).where(eq(jobs.kind, META_DELIVERY_JOB));

// (b) The ingest: deliveries of 1,000 statuses answered, then the runner drains their jobs. First such
// deliveries through the same path, as many at once as the pool has connections (PostgreSQL
// prepares a statement per connection; the embedded database has one), so that neither (b) nor its
// breakdown pays for compiling and statement preparing (a statement's text depends on its number
// of rows).
const perProject = Math.ceil(PER_DELIVERY / 3);
const projectOfMessage = (i: number) => Math.floor(i / perProject) % callbacks.length;
const tagPrefix = `wamid.${run.tag.toString('base64')}`;
const WARM_UP_DELIVERIES = database.pool ? (database.pool.options.max ?? 10) : 1;
const WARM_UP_STATUSES = WARM_UP_DELIVERIES * PER_DELIVERY;
const warmUp = statusesOf(messages(Math.ceil(WARM_UP_STATUSES / 3), projectOfMessage)).slice(0, WARM_UP_STATUSES);
for (let i = 0; i < warmUp.length; i += PER_DELIVERY)
  await post(JSON.stringify(deliveryOf(warmUp.slice(i, i + PER_DELIVERY))));
const deliver = app.jobHandlers[META_DELIVERY_JOB]!;
const warmed = await runDueJobs(db, { [META_DELIVERY_JOB]: deliver }, () => new Date(), {
  limit: WARM_UP_DELIVERIES,
  concurrency: WARM_UP_DELIVERIES,
});
if (warmed.ran !== WARM_UP_DELIVERIES || warmed.failed !== 0)
  fail(`the warm-up deliveries' jobs: ${JSON.stringify(warmed)}`);
// What the drain writes beside its message events, to read the ratio by (counted before and after).
const written = async () =>
  (
    await rows<{ conversations: string; billing_logs: string }>(sql`select
      (select count(*) from conversations) as conversations, (select count(*) from billing_logs) as billing_logs`)
  ).map((r) => ({ conversations: Number(r.conversations), billingLogs: Number(r.billing_logs) }))[0]!;
const runEvents = async () =>
  Number(
    (
      await rows<{ n: string }>(sql`select count(*) as n from message_events where message_id like ${`${tagPrefix}%`}`)
    )[0]!.n,
  );

const bulkAnswers: number[] = [];
const deliveries = Math.ceil(STATUSES / PER_DELIVERY);

/** One round of the ingest: STATUSES statuses of new messages posted, then drained by the runner (seconds). */
const drainRound = async (statuses: ReturnType<typeof statusesOf>) => {
  const eventsBefore = await runEvents();
  let deliveries = 0;
  for (let i = 0; i < statuses.length; i += PER_DELIVERY) {
    bulkAnswers.push(await post(JSON.stringify(deliveryOf(statuses.slice(i, i + PER_DELIVERY)))));
    deliveries += 1;
  }
  if ((await deliveryJobs()) !== deliveries) fail(`${deliveries} deliveries answered 200 but not one job each`);
  const failures: string[] = [];
  let worked = 0;
  const t0 = performance.now();
  const runner = startJobRunner(
    db,
    {
      [META_DELIVERY_JOB]: async (job) => {
        await deliver(job);
        worked += 1;
      },
    },
    () => new Date(),
    {
      everyMs: 200,
      concurrency: env.JOBS_CONCURRENCY,
      onError: (_job, error) => failures.push((error as Error).message),
    },
  );
  while (worked < deliveries && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await runner.stop();
  const seconds = (performance.now() - t0) / 1000;
  if (failures.length > 0) fail(`a delivery's job failed: ${failures[0]}`);
  // Every status once.
  const recorded = (await runEvents()) - eventsBefore;
  if (recorded !== statuses.length) fail(`${statuses.length} statuses delivered, ${recorded} recorded`);
  if ((await deliveryJobs()) !== 0) fail('delivery jobs remain after the drain');
  return seconds;
};

// The anchor: the same rows plainly inserted, 1,000 a statement, into an emptied table.
const partnerOf = new Map(demo.map((d) => [d.id, d.partnerId]));
const projectOfCallback = new Map(callbacks.map((c, i) => [c, demo[i]!.id]));
const plainRound = async (statuses: ReturnType<typeof statusesOf>) => {
  await db.execute(sql`truncate bench_meta_events`);
  const t1 = performance.now();
  for (let i = 0; i < statuses.length; i += PER_DELIVERY) {
    const values = statuses.slice(i, i + PER_DELIVERY).map((s) => {
      const projectId = projectOfCallback.get(s.biz_opaque_callback_data)!;
      return sql`(${s.id}, ${s.status}, ${partnerOf.get(projectId)!}, ${projectId}, 'utility', 'business', 'IN',
        ${s.recipient_id}, ${new Date(Number(s.timestamp) * 1000)})`;
    });
    await db.execute(sql`insert into bench_meta_events (message_id, status, partner_id, project_id, category,
      initiator, country, recipient, occurred_at) values ${sql.join(values, sql`, `)}`);
  }
  return (performance.now() - t1) / 1000;
};

// INGEST_ROUNDS rounds, each a drain then the plain insert of the same rows, so that both see the
// same load; the medians are compared (one round is easily stretched by a pause or a neighbour).
const writtenBefore = await written();
const drainRounds: number[] = [];
const plainRounds: number[] = [];
for (let round = 0; round < INGEST_ROUNDS; round += 1) {
  const statuses = statusesOf(messages(Math.ceil(STATUSES / 3), projectOfMessage)).slice(0, STATUSES);
  drainRounds.push(await drainRound(statuses));
  plainRounds.push(await plainRound(statuses));
}
const writtenAfter = await written();
const drainS = p(drainRounds, 0.5);
const plainS = p(plainRounds, 0.5);

// The drain's work without HTTP, the job or its parse: as many statuses of other messages handed to
// recordStatuses (what the delivery's job calls), a delivery's 1,000 at a time, one after another.
const record = recordStatuses(db);
// Made from the statuses as the job makes them (statusReportsOf), before the clock starts.
const directReports = statusReportsOf({
  statuses: statusesOf(messages(Math.ceil(STATUSES / 3), projectOfMessage)).slice(0, STATUSES),
});
const t2 = performance.now();
for (let i = 0; i < directReports.length; i += PER_DELIVERY) await record(directReports.slice(i, i + PER_DELIVERY));
const directS = (performance.now() - t2) / 1000;
if ((await runEvents()) !== WARM_UP_STATUSES + (INGEST_ROUNDS + 1) * STATUSES)
  fail(`${STATUSES} statuses recorded directly, not all were`);

// The report.
const ms = (x: number) => x.toFixed(1);
const table = (header: string[], body: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const r of body) console.log(line(r));
};
const answerTarget = ANSWER_TARGET_MS[kind];
const at200 = answers.find((a) => a.statuses === 200)!;
const ingestRate = STATUSES / drainS;
const plainRate = STATUSES / plainS;

console.log(
  `\nMeta's webhook on ${kind === 'postgres' ? 'PostgreSQL' : `the embedded database (PGlite, ${process.env.BENCH_PGLITE_DIR ? 'on disk' : 'in memory'})`}`,
);
console.log(
  `${startedAt.toISOString()}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAtStart} at start, ${loadavg()} at the end`,
);
console.log(
  `\n(a) Answer of POST /platform/meta/webhook over loopback HTTP, beside one plain insert of the same body (ms)\n`,
);
table(
  ['statuses', 'body KB', 'calls', 'answer p50', 'answer p99', 'insert p50', 'insert p99', 'p50 over insert'],
  answers.map((a) => [
    a.statuses.toLocaleString('en'),
    (a.bytes / 1000).toFixed(1),
    String(a.runs),
    ms(p(a.route, 0.5)),
    ms(p(a.route, 0.99)),
    ms(p(a.plain, 0.5)),
    ms(p(a.plain, 0.99)),
    `+${ms(p(a.route, 0.5) - p(a.plain, 0.5))}`,
  ]),
);
console.log(
  `\nUnder 100 calls, p99 is the slowest call. Target: p50 under ${answerTarget} ms at 200` +
    ` statuses, whatever the count: ${p(at200.route, 0.5) < answerTarget ? 'met' : 'NOT met'}.`,
);
console.log(
  `\n(b) Ingest: ${STATUSES.toLocaleString('en')} statuses in ${deliveries} deliveries, drained by the jobs runner (concurrency ${env.JOBS_CONCURRENCY})\n`,
);
table(
  ['measure', 'seconds', 'statuses/s'],
  [
    [
      `the deliveries' jobs drained (median of ${INGEST_ROUNDS})`,
      drainS.toFixed(2),
      Math.round(ingestRate).toLocaleString('en'),
    ],
    [
      '  their work alone: recordStatuses, in turn',
      directS.toFixed(2),
      Math.round(STATUSES / directS).toLocaleString('en'),
    ],
    [
      `plain insert, 1,000 rows a statement (median of ${INGEST_ROUNDS})`,
      plainS.toFixed(2),
      Math.round(plainRate).toLocaleString('en'),
    ],
  ],
);
console.log(
  `\nratio ingest / plain insert: ${(ingestRate / plainRate).toFixed(3)} (target at least ${INGEST_TARGET_RATIO}: ${ingestRate / plainRate >= INGEST_TARGET_RATIO ? 'met' : 'NOT met'})`,
);
console.log(
  `rounds (drain / plain insert, s): ${drainRounds.map((d, i) => `${d.toFixed(2)} / ${plainRounds[i]!.toFixed(2)}`).join(', ')}`,
);
console.log(
  `each drain wrote ${STATUSES.toLocaleString('en')} message events, ${((writtenAfter.conversations - writtenBefore.conversations) / INGEST_ROUNDS).toLocaleString('en')} conversations and ${((writtenAfter.billingLogs - writtenBefore.billingLogs) / INGEST_ROUNDS).toLocaleString('en')} billing logs (the plain insert: its rows only)`,
);
console.log(`answer of a 1,000-status delivery: p50 ${ms(p(bulkAnswers, 0.5))} ms over ${bulkAnswers.length} calls\n`);

await db.execute(sql`drop table bench_meta_bodies`);
await db.execute(sql`drop table bench_meta_events`);
await app.close();
await database.close();
await pglite?.close().catch(() => undefined);
