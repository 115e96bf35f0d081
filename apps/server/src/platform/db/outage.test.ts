import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { readEnv } from '../../env.js';
import { createOutbox } from '../../providers/mail/outbox.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { call, signIn } from '../../../test/harness.js';
import { hasPostgresServer, PG_BIN, startThrowawayPostgres } from '../../../test/throwaway-postgres.js';
import { createTokenService } from '../auth/tokens.js';
import { copyCsv, type CsvSource } from './copy-csv.js';
import { isDatabaseUnavailable } from './errors.js';
import { migrate } from './migrate.js';
import { fromPostgres, type Database } from './open.js';
import { billingLogs, partnerBalances, projects } from './schema.js';

const INR = 100000;

/**
 * A PostgreSQL restart under load, on a server of this test's own. It runs with the PostgreSQL
 * suite (`npm run test:pg`, CI), where the server binaries are installed.
 */
const skipped = !readEnv().DATABASE_URL
  ? 'skipped on the embedded database: it runs with the PostgreSQL suite, npm run test:pg'
  : !hasPostgresServer()
    ? `skipped: PostgreSQL 15's server binaries are not in ${PG_BIN}`
    : '';
describe.skipIf(skipped)(`the database goes away and comes back${skipped ? ` (${skipped})` : ''}`, () => {
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
    // A connection never given back would keep the pool from closing: do not wait for it.
    await Promise.race([database?.close().catch(() => {}), sleep(5000)]);
    server?.remove();
  });

  const readiness = () => app.inject({ method: 'GET', url: '/readyz' }).then((r) => r.statusCode);
  const untilReady = async () => {
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await readiness();
      if (status !== 200) await sleep(200);
    }
    return status;
  };

  /** Connections checked out and not given back: each one a pool slot lost until the process restarts. */
  const checkedOut = async () => {
    await sleep(100);
    return database.pool!.totalCount - database.pool!.idleCount;
  };

  it('a transaction whose connection breaks before BEGIN gives the connection back', async () => {
    expect(await checkedOut()).toBe(0);
    // The socket goes as the connection is handed out, before the transaction's BEGIN is sent.
    database.pool!.once('acquire', (client) =>
      (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy(),
    );
    const lost = database.db.transaction((tx) => tx.execute(sql`select 1`));
    await expect(lost).rejects.toSatisfy(isDatabaseUnavailable);
    expect(await checkedOut()).toBe(0);
    expect(await readiness()).toBe(200);
  });

  // fast: the server ends its connections (57P01); immediate: it is killed as in a crash and recovers from its WAL.
  it.each(['fast', 'immediate'] as const)(
    'restarted (%s shutdown): 503 while it is down, resumes by itself, no acknowledged money call lost',
    async (mode) => {
      expect(await readiness()).toBe(200);
      const poolErrorsBefore = poolErrors.length;

      const statuses: number[] = [];
      const acknowledged: string[] = [];
      let running = true;
      // Four clients adding 1 rupee of WCC credit, each retrying a refused call with its own key, as the console does.
      const client = async (c: number) => {
        for (let i = 0; running; i++) {
          const key = `outage-${mode}-${c}-${i}`;
          for (;;) {
            const res = await call(app, 'PATCH', `/partner/:partnerId/project/${projectId}/billing/wcc`, {
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
      server.stop(mode);
      await sleep(300);
      const during = await readiness();
      const duringCall = await call(app, 'GET', '/api/dashboard-summary', { token });
      await sleep(1500);
      server.start();
      // Service resumes without restarting the console.
      const after = await untilReady();
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
      // The pooled connections the restart broke were reported to the handler (unhandled, one would end the process).
      expect(poolErrors.length).toBeGreaterThan(poolErrorsBefore);
      expect(await checkedOut()).toBe(0);
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
      const [{ central }] = (await db
        .select({ central: partnerBalances.centralBalance })
        .from(partnerBalances)
        .where(eq(partnerBalances.partnerId, partnerId))) as [{ central: number }];
      const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
      expect(central).toBe(await sum('CENTRAL'));
      expect(Number(project!.templateCredit)).toBe(await sum('WCC'));
      expect(Number(project!.templateCredit)).toBeGreaterThanOrEqual(acknowledged.length);
    },
    60_000,
  );

  it('a report whose COPY the restart cuts fails its stream (never a clean short file), and the next is whole', async () => {
    const rows = pgTable('outage_report_rows', {
      id: text('id').primaryKey(),
      at: timestamp('at', { withTimezone: true }).notNull(),
      note: text('note'),
    });
    const total = 300_000;
    // About 45 MB of CSV: more than the sockets' buffers hold, so the server is still writing when it is stopped.
    await database.db.execute(sql`create table outage_report_rows as
      select 'r' || lpad(i::text, 7, '0') as id, now() as at, repeat('x', 140) as note from generate_series(1, ${total}) as i`);
    const source: CsvSource = {
      rows: (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) =>
        database.db.select(fields).from(rows).where(extra).orderBy(asc(rows.at), asc(rows.id)).$dynamic(),
      cells: [sql`${rows.id}`, sql`${rows.note}`],
      t: rows.at,
      id: rows.id,
    };

    const reading = copyCsv(database.db, source)[Symbol.asyncIterator]();
    expect((await reading.next()).done).toBe(false);
    server.stop('immediate');
    const rest = (async () => {
      while (!(await reading.next()).done);
      return 'ended as if whole';
    })().catch((error: unknown) => (isDatabaseUnavailable(error) ? 'cut' : `failed otherwise: ${String(error)}`));
    expect(await Promise.race([rest, sleep(20_000).then(() => 'hung')])).toBe('cut');

    server.start();
    expect(await untilReady()).toBe(200);
    let lines = 0;
    for await (const chunk of copyCsv(database.db, source)) lines += chunk.toString('utf8').split('\n').length - 1;
    expect(lines).toBe(total);
  }, 60_000);
});
