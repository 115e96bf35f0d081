import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { readEnv } from '../../env.js';
import { createOutbox } from '../../providers/mail/outbox.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { call, signIn } from '../../../test/harness.js';
import { hasPostgresServer, startThrowawayPostgres } from '../../../test/throwaway-postgres.js';
import { createTokenService } from '../auth/tokens.js';
import { migrate } from './migrate.js';
import { fromPostgres, type Database } from './open.js';
import { billingLogs, partners, projects } from './schema.js';

const INR = 100000;

/**
 * A PostgreSQL restart under load (issue 8 point 5), on a server of this test's own. It runs with the
 * PostgreSQL suite (`npm run test:pg`, CI), where the server binaries are installed.
 */
describe.skipIf(!readEnv().DATABASE_URL || !hasPostgresServer())('the database goes away and comes back', () => {
  let server: Awaited<ReturnType<typeof startThrowawayPostgres>>;
  let database: Database;
  let app: App;
  let token: string;
  let partnerId: string;
  let projectId: string;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    database = fromPostgres(server.url, (error) => poolErrors.push(error));
    await migrate(database);
    const db = database.db;
    const partner = await makePartner(db, { name: 'Outage Partner', centralBalance: 10_000 * INR });
    partnerId = partner.id;
    await makeAgent(db, { partnerId, userName: 'outage-owner', password: 'Outage@123' });
    const business = await makeBusiness(db, { partnerId, displayName: 'Outage Client' });
    projectId = (await makeProject(db, { partnerId, businessId: business.id, name: 'Outage Project' })).id;
    const env = readEnv({ ...process.env, DATABASE_URL: server.url, DATA_DIR: path.join(os.tmpdir(), 'pc-outage') });
    app = await buildApp({
      db,
      env,
      tokens: createTokenService('outage-secret-outage-secret-outage!'),
      mail: createOutbox(path.join(os.tmpdir(), `pc-outbox-${process.pid}`), env.SMTP_FROM),
      now: () => new Date(),
    });
    token = await signIn(app, 'outage-owner', 'Outage@123');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    server?.remove();
  });

  it('answers 503 while it is down, resumes by itself, and loses no acknowledged money call', async () => {
    const readiness = () => app.inject({ method: 'GET', url: '/readyz' }).then((r) => r.statusCode);
    expect(await readiness()).toBe(200);

    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let running = true;
    // Four clients adding 1 rupee of WCC credit, each retrying a refused call with its own key, as the console does.
    const client = async (c: number) => {
      for (let i = 0; running; i++) {
        const key = `outage-${c}-${i}`;
        for (;;) {
          const res = await call(app, 'PATCH', `/partner/x/project/${projectId}/billing/wcc`, {
            token,
            body: { amount: 1, action: 'ADD' },
            headers: { 'idempotency-key': key },
          });
          statuses.push(res.status);
          if (res.status === 200) {
            acknowledged.push(key);
            break;
          }
          if (!running) break;
          await sleep(100);
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);

    await sleep(800);
    server.stop();
    await sleep(300);
    const during = await readiness();
    const duringCall = await call(app, 'GET', '/api/dashboard-summary', { token });
    await sleep(1500);
    server.start();
    // Service resumes without restarting the console.
    let after = 0;
    for (let i = 0; i < 50 && after !== 200; i++) {
      after = await readiness();
      if (after !== 200) await sleep(200);
    }
    await sleep(1000);
    running = false;
    await Promise.all(clients);

    expect(during).toBe(503);
    expect(duringCall.status).toBe(503);
    expect(duringCall.body).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a few seconds.',
      code: 'DATABASE_UNAVAILABLE',
    });
    expect(after).toBe(200);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect((await call(app, 'GET', '/api/dashboard-summary', { token })).status).toBe(200);

    // Every acknowledged call is in the ledger exactly once (the ledger keeps a request's key as request:<key>), and the balances are the sums of their rows.
    const db = database.db;
    const rows = await db
      .select({ key: billingLogs.idempotencyKey })
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, partnerId),
          inArray(
            billingLogs.idempotencyKey,
            acknowledged.map((key) => `request:${key}`),
          ),
        ),
      );
    expect(new Set(rows.map((r) => r.key)).size).toBe(acknowledged.length);
    const sum = async (balance: 'CENTRAL' | 'WCC') =>
      Number(
        (
          await db
            .select({
              s: sql<string>`coalesce(sum(case when ${billingLogs.action} = 'ADD' then ${billingLogs.amount} else -${billingLogs.amount} end), 0)::text`,
            })
            .from(billingLogs)
            .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.balance, balance)))
        )[0]!.s,
      );
    const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId));
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    expect(Number(partner!.centralBalance)).toBe(await sum('CENTRAL'));
    expect(Number(project!.templateCredit)).toBe(await sum('WCC'));
    expect(Number(project!.templateCredit)).toBeGreaterThanOrEqual(acknowledged.length);
  }, 60_000);
});
