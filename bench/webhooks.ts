/**
 * Webhook delivery (`npm run bench:webhooks`; figures in docs/benchmarks.md): on a fresh
 * demo database (embedded, or DATABASE_URL's), with a receiver on 127.0.0.1 answering 200 at once.
 *
 * 1. Throughput: 10,000 events queued (BENCH_EVENTS), then the jobs runner drains them, the
 *    deliveries in their own lane (DELIVERY_CONCURRENCY, 64, under way at once): deliveries a second
 *    and the main thread's CPU time a delivery; beside it the anchor, the same number of attempt
 *    rows written by plain multi-row INSERTs (see below), and the ratio of the two (target ≥ 0.05).
 *    BENCH_CPU_PROFILE=1 prints where the main thread's time went during the drain.
 * 2. Latency: 1,000 events committed in batches of 5 every 100 ms (50 a second) while the runner
 *    runs; the time from each batch's commit to its events' first attempt at the receiver (p50, p99).
 * 3. Ingestion: 1,000-event batches of POST /platform/message-events on a project no webhook
 *    subscribes to, and the outbox's own lookup for such a batch, side by side.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { ingestMessageEvents } from '../apps/server/src/modules/charging/ingest.js';
import { DELIVERY_CONCURRENCY } from '../apps/server/src/modules/webhooks/delivery/deliver.js';
import {
  DELIVER_JOB,
  emitWebhookEvents,
  type WebhookEventInput,
} from '../apps/server/src/modules/webhooks/delivery/index.js';
import { newWebhookSecret, secretBox } from '../apps/server/src/modules/webhooks/secret.js';
import { newId } from '../apps/server/src/platform/db/ids.js';
import { projects, webhookAttempts, webhookDeliveries, webhooks } from '../apps/server/src/platform/db/schema.js';
import { startJobRunner } from '../apps/server/src/platform/jobs/start-runner.js';
import { jobsSignal } from '../apps/server/src/platform/jobs/signal.js';
import { printProfile, summariseProfile } from './cpu-profile.js';
import { benchApp, openBenchDatabase } from './harness.js';

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
/** How many events the throughput part queues (BENCH_EVENTS; 10,000 for the figures in docs/benchmarks.md). */
const QUEUED = Number(process.env.BENCH_EVENTS ?? 10_000);
const { env, database, pglite } = await openBenchDatabase('pc-bench-webhooks');
const { app } = await benchApp(database, env);
const db = database.db;

const arrivals = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const id = String(req.headers['webhook-id']);
  if (!arrivals.has(id)) arrivals.set(id, performance.now());
  req.resume();
  req.on('end', () => res.writeHead(200).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;

const projectOf = async (name: string) =>
  (
    await db.select({ id: projects.id, partnerId: projects.partnerId }).from(projects).where(eq(projects.name, name))
  )[0]!;
const metro = await projectOf('Metro Clinics');
const webhookId = newId();
await db.insert(webhooks).values({
  id: webhookId,
  partnerId: metro.partnerId,
  projectId: metro.id,
  url,
  topics: ['contact.created'],
  secret: secretBox(env).seal(newWebhookSecret()),
});

let seq = 0;
const events = (n: number): WebhookEventInput[] =>
  Array.from({ length: n }, () => ({
    partnerId: metro.partnerId,
    projectId: metro.id,
    type: 'contact.created',
    payload: { contactId: `ct_${++seq}`, phone: `91980${String(seq).padStart(7, '0')}` },
  }));
/** Commits a batch; answers the ids written and the commit's time. */
const commit = async (n: number) => {
  const before = seq;
  await db.transaction((tx) => emitWebhookEvents(tx, events(n)));
  const at = performance.now();
  jobsSignal.kick();
  const rows = (await db.execute(
    sql`select id from webhook_events where payload->>'contactId' in (${sql.join(
      Array.from({ length: n }, (_, i) => sql`${`ct_${before + i + 1}`}`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { id: string }[] };
  return { ids: rows.rows.map((r) => r.id), at };
};
const untilDelivered = async (ids: string[]) => {
  while (ids.some((id) => !arrivals.has(id))) await sleep(20);
};
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

// 1. Throughput.
const queued: string[] = [];
for (let i = 0; i < QUEUED / 1_000; i += 1) queued.push(...(await commit(1_000)).ids);
const profile = process.env.BENCH_CPU_PROFILE === '1' ? new Session() : null;
if (profile) {
  profile.connect();
  await profile.post('Profiler.enable');
  await profile.post('Profiler.setSamplingInterval', { interval: 500 });
  await profile.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
// Only the deliveries: the demo's other jobs (the sandbox Meta's reviews) are not measured here.
const deliver = { [DELIVER_JOB]: app.jobHandlers[DELIVER_JOB]! };
const runner = startJobRunner(db, deliver, () => new Date(), {
  everyMs: 1_000,
  concurrency: env.JOBS_CONCURRENCY,
  onError: (job, error) => console.error('job failed', job?.kind, error),
});
await untilDelivered(queued);
const drainS = (performance.now() - t0) / 1000;
const drainCpu = process.cpuUsage(cpu0);
if (profile) {
  const { profile: taken } = await profile.post('Profiler.stop');
  profile.disconnect();
  const file = path.join(os.tmpdir(), `pc-bench-webhooks-${process.pid}.cpuprofile`);
  writeFileSync(file, JSON.stringify(taken));
  console.log(`CPU profile of the drain: ${file}`);
  printProfile(summariseProfile(file, null));
}

// The anchor: the drain's one essential write, an attempt row per delivery (what the receiver
// answered, for the delivery log), written as plainly as it can be: the same number of rows, for
// the same deliveries, in multi-row INSERTs of 1,000 rows (a statement holds at most 65,535
// parameters), in this run right after the drain; the best of 3 rounds, each deleted after. Each
// delivery also claims its job, reads its delivery, event and webhook, signs and posts to the
// receiver, moves the delivery and ends the job: the ratio is what all that costs beside the write
// no delivery can do without.
const delivered = await db
  .select({ id: webhookDeliveries.id, partnerId: webhookDeliveries.partnerId })
  .from(webhookDeliveries)
  .where(eq(webhookDeliveries.webhookId, webhookId));
const anchorRound = async () => {
  const rows = delivered.slice(0, QUEUED).map((d) => ({
    id: newId(),
    deliveryId: d.id,
    partnerId: d.partnerId,
    attemptedAt: new Date(),
    statusCode: 200,
    latencyMs: 1,
    responseExcerpt: '',
    error: null,
  }));
  const t = performance.now();
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(webhookAttempts).values(rows.slice(i, i + 1_000));
  const s = (performance.now() - t) / 1000;
  for (let i = 0; i < rows.length; i += 1_000)
    await db.delete(webhookAttempts).where(
      inArray(
        webhookAttempts.id,
        rows.slice(i, i + 1_000).map((r) => r.id),
      ),
    );
  return { rows: rows.length, s };
};
const anchor = [await anchorRound(), await anchorRound(), await anchorRound()].sort((a, b) => a.s - b.s)[0]!;
const insertPerS = anchor.rows / anchor.s;

// 2. Latency from commit to first attempt, under a steady stream.
const latencies: number[] = [];
for (let i = 0; i < 200; i += 1) {
  const batch = await commit(5);
  void untilDelivered(batch.ids).then(() => {
    for (const id of batch.ids) latencies.push(arrivals.get(id)! - batch.at);
  });
  await sleep(100);
}
while (latencies.length < 1_000) await sleep(20);
await runner.stop();
latencies.sort((a, b) => a - b);

// 3. Ingestion without a subscribed webhook, and the outbox's part of it.
const quiet = await projectOf('Metro Reminders');
const ingestMs: number[] = [];
const lookupMs: number[] = [];
for (let round = 0; round < 8; round += 1) {
  const batch = Array.from({ length: 1_000 }, (_, i) => ({
    messageId: `bench-${round}-${i}`,
    projectId: quiet.id,
    status: 'delivered' as const,
    category: 'utility' as const,
    initiator: 'business' as const,
    country: 'IN',
    recipient: `9199${String(i).padStart(8, '0')}`,
    timestamp: new Date().toISOString(),
  }));
  let t = performance.now();
  await ingestMessageEvents(db, batch);
  ingestMs.push(performance.now() - t);
  const told = batch.map(() => ({
    partnerId: quiet.partnerId,
    projectId: quiet.id,
    type: 'message.status.updated',
    payload: {},
  }));
  t = performance.now();
  await db.transaction((tx) => emitWebhookEvents(tx, told));
  lookupMs.push(performance.now() - t);
}
const ratio = QUEUED / drainS / insertPerS;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(
  `database: ${env.DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)'}, deliveries under way at once ${DELIVERY_CONCURRENCY}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.table([
  {
    measure: `${QUEUED.toLocaleString('en')} queued events delivered`,
    value: `${drainS.toFixed(1)} s, ${Math.round(QUEUED / drainS)} deliveries/s`,
  },
  {
    measure: '  main thread CPU a delivery',
    value: `${((drainCpu.user + drainCpu.system) / 1000 / QUEUED).toFixed(2)} ms`,
  },
  {
    measure: `anchor: ${anchor.rows.toLocaleString('en')} attempt rows, multi-row INSERTs (best of 3)`,
    value: `${anchor.s.toFixed(2)} s, ${Math.round(insertPerS)} rows/s`,
  },
  {
    measure: 'deliveries/s ÷ INSERT rows/s (target ≥ 0.05)',
    value: ratio.toFixed(4),
  },
  { measure: 'commit to first attempt, p50', value: `${quantile(latencies, 0.5).toFixed(0)} ms` },
  { measure: 'commit to first attempt, p99', value: `${quantile(latencies, 0.99).toFixed(0)} ms` },
  { measure: 'ingest 1,000 events, no webhook (median)', value: `${median(ingestMs).toFixed(0)} ms` },
  { measure: "  of which the outbox's lookup (median)", value: `${median(lookupMs).toFixed(1)} ms` },
]);

await app.close();
receiver.close();
await database.close();
await pglite?.close().catch(() => undefined);
