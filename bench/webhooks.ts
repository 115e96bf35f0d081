/**
 * Webhook delivery (`npm run bench:webhooks`; figures in docs/benchmarks.md): on a fresh
 * demo database (embedded, or DATABASE_URL's), with a receiver on 127.0.0.1 answering 200 at once.
 *
 * 1. Throughput: 10,000 events queued, then the jobs runner (JOBS_CONCURRENCY, 16) drains them.
 * 2. Latency: 1,000 events committed in batches of 5 every 100 ms (50 a second) while the runner
 *    runs; the time from each batch's commit to its events' first attempt at the receiver (p50, p99).
 * 3. Ingestion: 1,000-event batches of POST /platform/message-events on a project no webhook
 *    subscribes to, and the outbox's own lookup for such a batch, side by side.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { ingestMessageEvents } from '../apps/server/src/modules/charging/ingest.js';
import {
  DELIVER_JOB,
  emitWebhookEvents,
  type WebhookEventInput,
} from '../apps/server/src/modules/webhooks/delivery/index.js';
import { newWebhookSecret, secretBox } from '../apps/server/src/modules/webhooks/secret.js';
import { newId } from '../apps/server/src/platform/db/ids.js';
import { projects, webhooks } from '../apps/server/src/platform/db/schema.js';
import { startJobRunner } from '../apps/server/src/platform/jobs/runner.js';
import { jobsSignal } from '../apps/server/src/platform/jobs/signal.js';
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
await db.insert(webhooks).values({
  id: newId(),
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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`database: ${env.DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)'}, concurrency ${env.JOBS_CONCURRENCY}`);
console.table([
  {
    measure: `${QUEUED.toLocaleString('en')} queued events delivered`,
    value: `${drainS.toFixed(1)} s, ${Math.round(QUEUED / drainS)} events/s`,
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
