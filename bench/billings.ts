/**
 * npm run bench:billings: the billing list and the billing report with one million billing logs.
 *
 * Builds the app in-process on a fresh embedded database (or on DATABASE_URL when set: give it an
 * empty database), seeds the demo world plus BENCH_BILLING_LOGS billing logs (default 1,000,000)
 * for Acme with one INSERT ... SELECT generate_series, then times the list calls with app.inject
 * (median and p95 over BENCH_RUNS calls after a warm-up; target under 50 ms median), then streams
 * the whole-range partner billing report and a plain COPY of the same rows side by side, printing
 * both rates and the process's resident memory.
 */
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { PGlite } from '@electric-sql/pglite';
import { partners, projects } from '../apps/server/src/platform/db/schema.js';
import { benchApp, openBenchDatabase, printTimes, timeCalls } from './harness.js';

/** Rows (lines) and bytes of a CSV read as a stream. */
async function countLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  return { bytes, lines };
}

/** The embedded database answers a COPY as one blob (it cannot stream one). */
async function copyEmbedded(client: PGlite, copySql: string) {
  const result = await client.query(copySql);
  return countLines([new Uint8Array((await result.blob?.arrayBuffer()) ?? new ArrayBuffer(0))]);
}

/** PostgreSQL streams COPY ... TO STDOUT to the client. */
async function copyPostgres(pool: pg.Pool, copySql: string) {
  const connection = await pool.connect();
  try {
    return await countLines(connection.query(copyStreams.to(copySql)));
  } finally {
    connection.release();
  }
}

const size = Number(process.argv[2] ?? process.env.BENCH_BILLING_LOGS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);

const started = Date.now();
const { env, database, pglite } = await openBenchDatabase('pc-bench-billings');
console.log(`Database: ${database.kind}; seeding the demo and ${size.toLocaleString('en')} billing logs...`);
const [acme] = await database.db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Acme Messaging'));
const acmeProjects = await database.db
  .select({ id: projects.id, businessId: projects.businessId })
  .from(projects)
  .where(eq(projects.partnerId, acme!.id));
const projectIds = `ARRAY[${acmeProjects.map((p) => `'${p.id}'`).join(',')}]`;
const businessIds = `ARRAY[${acmeProjects.map((p) => `'${p.businessId}'`).join(',')}]`;
const codes = `ARRAY['WCC_CREDIT_ADD','PWC_CREDIT_ADD','PLAN_RENEWED','MESSAGE_DELIVERY_WCC','MESSAGE_DELIVERY_CENTRAL','META_AD_CREDIT_UPDATE','ADDON_PURCHASE']`;
const n = acmeProjects.length;
// One statement in chunks of 100,000 rows, one row a minute back from now.
for (let from = 1; from <= size; from += 100_000) {
  const to = Math.min(size, from + 99_999);
  await database.db.execute(
    sql.raw(`INSERT INTO billing_logs (id, partner_id, project_id, business_id, balance, action, amount, balance_after, reason_code, message, created_at)
      SELECT 'bench' || i, '${acme!.id}', (${projectIds})[1 + i % ${n}], (${businessIds})[1 + i % ${n}], 'CENTRAL',
             CASE WHEN i % 3 = 0 THEN 'ADD' ELSE 'SUBTRACT' END, 100000 + i % 5000000, 0,
             (${codes})[1 + i % 7], 'Bench entry number ' || i || ', with a longer message', now() - make_interval(mins => i)
      FROM generate_series(${from}, ${to}) AS i`),
  );
}
// As autovacuum does after a bulk insert on PostgreSQL: statistics, and the visibility map that lets
// one project's page and count be read from its index alone.
await database.db.execute(sql`VACUUM ANALYZE billing_logs`);
console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const { app, token } = await benchApp(database, env);
const headers = { authorization: `Bearer ${token}` };

const list = (extra: Record<string, unknown> = {}, sort = 'dec') => ({
  url: `/api/partner-billing-activity-lists?sort=${sort}`,
  body: { skip: 0, rowsPerPage: 10, ...extra },
});
const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const cases = [
  { name: 'billing list, first page', ...list() },
  { name: 'billing list, 100th page (skip 990)', ...list({ skip: 990 }) },
  { name: 'billing list, first page, ascending', ...list({}, 'asc') },
  { name: 'billing list, last 30 days', ...list({ fromDate: lastMonth }) },
  { name: 'billing list, one project', ...list({ assistantId: acmeProjects[0]!.id }) },
];

printTimes(`${size.toLocaleString('en')} billing logs, ${runs} calls each`, await timeCalls(app, token, cases, runs));

// The report over the whole range, read as a stream from a listening server.
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const startDate = '2023-04-25';
const endDate = new Date().toISOString().slice(0, 10);
const t0 = performance.now();
const res = await fetch(`${address}/partner/${acme!.id}/partner-billing-report`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json', accept: 'text/csv' },
  body: JSON.stringify({ startDate, endDate }),
});
const counted = await countLines(res.body as unknown as AsyncIterable<Uint8Array>);
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
const reportRows = counted.lines - 1;
const reportRate = reportRows / seconds;
console.log(
  `\nbilling report, whole range: ${reportRows.toLocaleString('en')} rows, ${(counted.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s = ${Math.round(reportRate).toLocaleString('en')} rows/s; resident memory of this process ${Math.round(rssBefore / 1e6)} MB before, ${Math.round(peakRss / 1e6)} MB at most while streaming (target: under 300)`,
);

// A plain COPY of the same rows (same columns, joins and conditions, raw values) on the same database.
const [flags] = await database.db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, acme!.id));
const copySql = `COPY (SELECT b.project_id, coalesce(p.name, b.project_name), b.reason_code, b.amount, b.action, p.whatsapp_number, c.contact, c.email,
    coalesce(b.business_name, c.display_name), b.message, b.created_at
  FROM billing_logs b LEFT JOIN projects p ON p.id = b.project_id AND p.partner_id = b.partner_id
  LEFT JOIN businesses c ON c.id = coalesce(b.business_id, p.business_id) AND c.partner_id = b.partner_id
  WHERE b.partner_id = '${acme!.id}' AND b.created_at >= '${startDate}' AND b.created_at < '${endDate}'::date + 1
  ${flags!.flags.hideMetaAdCreditUpdate ? "AND b.reason_code <> 'META_AD_CREDIT_UPDATE'" : ''}
  ORDER BY b.created_at, b.id) TO ${pglite ? "'/dev/blob'" : 'STDOUT'} WITH (FORMAT csv)`;
const c0 = performance.now();
const copied = pglite ? await copyEmbedded(pglite, copySql) : await copyPostgres(database.pool!, copySql);
const copySeconds = (performance.now() - c0) / 1000;
const copyRate = copied.lines / copySeconds;
console.log(
  `plain COPY ... TO ${pglite ? "'/dev/blob'" : 'STDOUT'}:  ${copied.lines.toLocaleString('en')} rows, ${(copied.bytes / 1e6).toFixed(1)} MB in ${copySeconds.toFixed(1)} s = ${Math.round(copyRate).toLocaleString('en')} rows/s`,
);
console.log(`report rate / COPY rate: ${(reportRate / copyRate).toFixed(2)} (target: at least 0.5)`);
if (pglite)
  console.log(
    '(On the embedded database the database itself lives in this process, so the resident memory includes it.)',
  );
await app.close();
await database.close();
