import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { partners } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';
import { KEY, prices } from '../charging/fixture.js';

const TOKEN = 'metrics-token-0123456789';

/** Scrapes /metrics and answers each sample's value by its series (name and labels as written). */
const scrape = async (t: TestContext, token = TOKEN) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  const series = new Map<string, number>();
  for (const line of res.body.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return { res, series, text: res.body };
};
const sumOf = (series: Map<string, number>, prefix: string) =>
  [...series].filter(([k]) => k.startsWith(prefix)).reduce((s, [, v]) => s + v, 0);

describe('GET /metrics, off (METRICS_TOKEN unset: the default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('answers a JSON 404, never the console page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /metrics, on', () => {
  let t: TestContext;
  let projectId = '';
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, PLATFORM_API_KEY: KEY } });
    const [acme] = await t.deps.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
    const business = await makeBusiness(t.deps.db, { partnerId: acme!.id, displayName: 'Metrics Co' });
    const family = await makeWccFamily(t.deps.db, acme!.id, 'Metrics family', prices);
    projectId = (
      await makeProject(t.deps.db, {
        partnerId: acme!.id,
        businessId: business.id,
        name: 'Metrics project',
        wccPlanId: family.id,
        isWhatsappVerified: true,
        openingCredit: 1_000_000,
      })
    ).id;
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong token with 401, and changes nothing', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await scrape(t, 'not-the-metrics-token');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("answers Prometheus's text format: each family with its help and type, each sample a number", async () => {
    const { res, text } = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const line of text.trimEnd().split('\n'))
      expect(line).toMatch(
        /^(# (HELP|TYPE) [a-z_][a-z0-9_]* .+|[a-z_][a-z0-9_]*(\{([a-z_]+="[^"]*",?)+\})? (-?[0-9.e+-]+|\+Inf|NaN))$/,
      );
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'pc_message_events_total',
      'pc_conversations_opened_total',
      'pc_ledger_entries_written_total',
      'pc_jobs_queued',
      'pc_jobs_waiting',
      'pc_jobs_running',
      'pc_jobs_oldest_waiting_age_seconds',
      'pc_db_up',
      'pc_db_info',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(`# TYPE ${family} `);
  });

  it('counts requests and their latency by method, route pattern and status class', async () => {
    const before = (await scrape(t)).series;
    const series = 'http_requests_total{method="GET",route="/healthz",status_class="2xx"}';
    await call(t.app, 'GET', '/healthz');
    await call(t.app, 'GET', '/healthz');
    await call(t.app, 'GET', '/api/no-such-call');
    const after = (await scrape(t)).series;
    expect((after.get(series) ?? 0) - (before.get(series) ?? 0)).toBe(2);
    expect(after.get('http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThan(0);
    const count = 'http_request_duration_seconds_count{method="GET",route="/healthz",status_class="2xx"}';
    const inf = 'http_request_duration_seconds_bucket{method="GET",route="/healthz",status_class="2xx",le="+Inf"}';
    expect(after.get(count)).toBe(after.get(series));
    expect(after.get(inf)).toBe(after.get(series));
  });

  it('counts message events ingested, conversations charged and ledger rows written', async () => {
    const before = (await scrape(t)).series;
    const event = {
      messageId: 'metrics-m-1',
      projectId,
      status: 'sent',
      category: 'marketing',
      initiator: 'business',
      country: 'IN',
      recipient: '919800000001',
      timestamp: new Date().toISOString(),
    };
    const posted = await call(t.app, 'POST', '/platform/message-events', {
      body: { events: [event, event, { ...event, messageId: 'metrics-m-2', projectId: 'no-such-project' }] },
      headers: { 'x-platform-key': KEY },
    });
    expect(posted.body).toMatchObject({ accepted: 1, duplicates: 1, messages: 1 });
    const after = (await scrape(t)).series;
    const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(grew('pc_message_events_total{outcome="accepted"}')).toBe(1);
    expect(grew('pc_message_events_total{outcome="duplicate"}')).toBe(1);
    expect(grew('pc_message_events_total{outcome="rejected"}')).toBe(1);
    expect(grew('pc_conversations_opened_total{charge="WCC"}')).toBe(1);
    expect(grew('pc_ledger_entries_written_total{balance="WCC"}')).toBe(1);
  });

  it("reads the jobs table's depth and the oldest waiting job's age per kind when scraped", async () => {
    const now = t.clock.now;
    await enqueue(t.deps.db, { kind: 'metrics-probe', payload: {}, runAt: new Date(now.getTime() - 90_000) });
    await enqueue(t.deps.db, { kind: 'metrics-probe', payload: {}, runAt: new Date(now.getTime() + 60_000) });
    const { series } = await scrape(t);
    expect(series.get('pc_jobs_queued{kind="metrics-probe"}')).toBe(2);
    expect(series.get('pc_jobs_waiting{kind="metrics-probe"}')).toBe(1);
    expect(series.get('pc_jobs_running{kind="metrics-probe"}')).toBe(0);
    expect(series.get('pc_jobs_oldest_waiting_age_seconds{kind="metrics-probe"}')).toBe(90);
    expect(series.get('pc_db_up')).toBe(1);
  });

  it("writes the database's kind, and on PostgreSQL its pool's connections", async () => {
    const { series } = await scrape(t);
    if (t.database.kind === 'postgres') {
      expect(series.get('pc_db_info{kind="postgres"}')).toBe(1);
      expect(sumOf(series, 'pc_db_pool_connections{')).toBeGreaterThan(0);
      expect(series.get('pc_db_pool_waiting')).toBe(0);
    } else {
      expect(series.get('pc_db_info{kind="pglite"}')).toBe(1);
    }
  });
});
