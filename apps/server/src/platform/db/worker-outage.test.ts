import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCitusCluster, type CitusCluster } from '../../../../../scripts/citus-cluster.mjs';
import { buildApp, type App } from '../../app.js';
import { readEnv } from '../../env.js';
import { createOutbox } from '../../providers/mail/outbox.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { call, signIn } from '../../../test/harness.js';
import { createTokenService } from '../auth/tokens.js';
import { migrate } from './migrate.js';
import { fromPostgres, noteDistribution, type Database } from './open.js';
import { billingLogs } from './schema.js';

const INR = 100000;

/**
 * A Citus worker stopped while the console serves, on a cluster of this test's own (the suite's is
 * shared by every file). It runs with the Citus suite (`npm run test:citus`, CI).
 */
const skipped = process.env.CITUS_SUITE ? '' : 'skipped: it runs with the Citus suite, npm run test:citus';
describe.skipIf(skipped)(`a Citus worker goes away and comes back${skipped ? ` (${skipped})` : ''}`, () => {
  let cluster: CitusCluster;
  let database: Database;
  let app: App;
  type Tenant = { partnerId: string; projectId: string; token: string; worker: string };
  const tenants: Tenant[] = [];

  /** The worker holding a partner's shard of the tenant tables (all co-located: one for all). */
  const workerOf = async (partnerId: string) => {
    const { rows } = (await database.db.execute(sql`select s.nodeport from citus_shards s
      where s.table_name = 'projects'::regclass
        and s.shardid = get_shard_id_for_distribution_column('projects', ${partnerId}::text)`)) as unknown as {
      rows: { nodeport: number }[];
    };
    return cluster.nodes.find((n) => n.port === Number(rows[0]!.nodeport))!.name;
  };

  beforeAll(async () => {
    // Durable: an immediate stop must not take back what a node acknowledged (fsync is on, as in production).
    cluster = await startCitusCluster({ prefix: 'pc-citus-own-', durable: true });
    database = await noteDistribution(fromPostgres(cluster.url, () => {}));
    await migrate(database);
    const db = database.db;
    const env = readEnv({ ...process.env, DATABASE_URL: cluster.url, DATA_DIR: path.join(os.tmpdir(), 'pc-outage') });
    app = await buildApp({
      db,
      env,
      tokens: createTokenService('worker-outage-secret-worker-outage!'),
      mail: createOutbox(path.join(os.tmpdir(), `pc-outbox-${process.pid}`), env.SMTP_FROM),
      now: () => new Date(),
    });
    // Partners until one lives on each worker (ids are random: the shards fall where they fall).
    for (let i = 0; tenants.length < 2 && i < 40; i++) {
      const partner = await makePartner(db, { name: `Worker Partner ${i}`, centralBalance: 1_000 * INR });
      const worker = await workerOf(partner.id);
      if (tenants.some((t) => t.worker === worker)) continue;
      const userName = `worker-owner-${i}`;
      await makeAgent(db, { partnerId: partner.id, userName, password: 'Worker@123' });
      const business = await makeBusiness(db, { partnerId: partner.id, displayName: `Worker Client ${i}` });
      const project = await makeProject(db, { partnerId: partner.id, businessId: business.id, name: `Project ${i}` });
      tenants.push({
        partnerId: partner.id,
        projectId: project.id,
        token: await signIn(app, userName, 'Worker@123'),
        worker,
      });
    }
    expect(tenants.map((t) => t.worker).sort()).toEqual(['worker1', 'worker2']);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await Promise.race([database?.close().catch(() => {}), sleep(5000)]);
    cluster?.remove();
  });

  const projectsOf = (t: Tenant) =>
    call<{ projects: { _id: string }[] }>(app, 'POST', '/api/project-lists', {
      token: t.token,
      body: { skip: 0, rowsPerPage: 15 },
    });
  const addCredit = (t: Tenant, key: string) =>
    call(app, 'PATCH', `/partner/:partnerId/project/${t.projectId}/billing/wcc`, {
      token: t.token,
      body: { amount: 1, action: 'ADD' },
      headers: { 'idempotency-key': key },
    });

  it("answers 503 with Retry-After for the stopped worker's partner, serves the other's reads and money, and recovers", async () => {
    const [served, stopped] = tenants[0]!.worker === 'worker2' ? [tenants[1]!, tenants[0]!] : tenants;
    // A money call acknowledged before the worker goes.
    expect((await addCredit(stopped!, 'before-the-stop')).status).toBe(200);

    cluster.stopNode(stopped!.worker);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/project-lists',
      headers: { authorization: `Bearer ${stopped!.token}` },
      payload: { skip: 0, rowsPerPage: 15 },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    // The other worker's partner still reads its projects.
    const read = await projectsOf(served!);
    expect(read.status).toBe(200);
    expect(read.body.projects.map((p) => p._id)).toEqual([served!.projectId]);
    // And moves its money: its balance and ledger live on its own node (partner_balances).
    expect((await addCredit(served!, 'during-the-outage')).status).toBe(200);

    cluster.startNode(stopped!.worker);
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await projectsOf(stopped!)).status;
      if (back !== 200) await sleep(200);
    }
    expect(back).toBe(200);
    expect((await addCredit(stopped!, 'after-the-restart')).status).toBe(200);
    // What was acknowledged before the stop is there, once.
    const rows = await database.db
      .select({ key: billingLogs.idempotencyKey })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, stopped!.partnerId), eq(billingLogs.balance, 'WCC')));
    expect(rows.map((r) => r.key).sort()).toEqual(['request:after-the-restart', 'request:before-the-stop']);
    const servedRows = await database.db
      .select({ key: billingLogs.idempotencyKey })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, served!.partnerId), eq(billingLogs.balance, 'WCC')));
    expect(servedRows.map((r) => r.key)).toEqual(['request:during-the-outage']);
  }, 120_000);
});
