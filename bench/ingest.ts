/**
 * npm run bench:ingest: the platform's message-events call, timed through app.inject on the demo
 * (on DATABASE_URL when set, else the embedded database): batches of one project (a message sent
 * and delivered), and batches naming projects of two partners (one transaction a partner,
 * docs/charging.md). Median and p95 over BENCH_RUNS batches (default 30) after a warm-up.
 * `npm run bench:ingest:citus` runs it on a throwaway PostgreSQL, then on a throwaway Citus
 * cluster, one after the other: the figures of docs/scaling.md's "Costs".
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { PLATFORM_KEY_HEADER } from '@pc/contract';
import { benchApp, openBenchDatabase } from './harness.js';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const KEY = 'bench-platform-key-bench-platform-key';
process.env.PLATFORM_API_KEY = KEY;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`${new Date().toISOString()}: load average ${load()}`);
const { env, database } = await openBenchDatabase('pc-bench-ingest');
const { app } = await benchApp(database, env);

// A project of each of two partners, live where there is one.
const projectOf = async (partner: string) =>
  (
    (await database.db.execute(sql`
      select p.id from projects p join partners pa on pa.id = p.partner_id
      where pa.name = ${partner} and not p.partner_archived
      order by p.status = 'active' desc, p.template_credit desc, p.id limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
const [acme, direct] = [await projectOf('Acme Messaging'), await projectOf('Direct Retail')];

let n = 0;
const sentAndDelivered = (projectId: string) => {
  const messageId = `bench-ingest-${process.pid}-${++n}`;
  const at = new Date().toISOString();
  const base = { messageId, projectId, category: 'utility', initiator: 'business', country: 'IN' };
  return [
    { ...base, status: 'sent', recipient: `91987${n}`, timestamp: at },
    { ...base, status: 'delivered', recipient: `91987${n}`, timestamp: at },
  ];
};

const time = async (name: string, events: () => unknown[]) => {
  const once = async () => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/platform/message-events',
      headers: { [PLATFORM_KEY_HEADER]: KEY },
      payload: { events: events() },
    });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${name.padEnd(44)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`);
};

console.log(`\n${database.kind}${process.env.CITUS_SUITE ? ' (Citus)' : ''}, ${runs} batches each:`);
await time('one project (sent + delivered)', () => sentAndDelivered(acme));
await time('two partners (sent + delivered each)', () => [...sentAndDelivered(acme), ...sentAndDelivered(direct)]);
console.log(`load average ${load()}`);
await app.close();
await database.close();
