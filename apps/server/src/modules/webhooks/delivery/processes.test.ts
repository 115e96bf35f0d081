import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../env.js';
import { newId } from '../../../platform/db/ids.js';
import { migrate } from '../../../platform/db/migrate.js';
import { fromPostgres, type Database } from '../../../platform/db/open.js';
import { webhooks } from '../../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../../seed/businesses.js';
import { makePartner } from '../../../seed/factories.js';
import { hasPostgresServer, PG_BIN, startThrowawayPostgres } from '../../../../test/throwaway-postgres.js';
import { newWebhookSecret, secretBox } from '../secret.js';

/**
 * Real server processes on one PostgreSQL of this test's own: two of them deliver every event once,
 * and a process killed with SIGKILL in the middle of its deliveries loses none (its claimed jobs
 * are taken by the next process once their lease ends). Runs with the PostgreSQL suite (`npm run
 * test:pg`, CI), where the server binaries are installed.
 */
const skipped = !readEnv().DATABASE_URL
  ? 'skipped on the embedded database: it runs with the PostgreSQL suite, npm run test:pg'
  : !hasPostgresServer()
    ? `skipped: PostgreSQL 15's server binaries are not in ${PG_BIN}`
    : '';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TOKEN_SECRET = 'processes-test-token-secret-0123456789abcdef';
const PLATFORM_KEY = 'processes-test-platform-key';

/** A receiver that records each request's webhook-id and answers 200 after `delayMs`. */
const startReceiver = async (delayMs: number) => {
  const ids: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        ids.push(String(req.headers['webhook-id']));
        res.writeHead(200).end('ok');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
    ids,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe.skipIf(skipped)(`webhook delivery across server processes${skipped ? ` (${skipped})` : ''}`, () => {
  let pg: Awaited<ReturnType<typeof startThrowawayPostgres>>;
  let database: Database;
  let projectId: string;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-processes-'));
  const children: ChildProcess[] = [];
  let port = 3400 + Math.floor(Math.random() * 400);

  /** `node --import tsx src/main.ts` on the test's database; resolves with its URL once it answers. */
  const startServer = async () => {
    port += 1;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: pg.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        TOKEN_SECRET,
        PLATFORM_API_KEY: PLATFORM_KEY,
        SEED_DEMO: 'false',
        TRAFFIC_SIMULATOR: 'off',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        JOBS_POLL_MS: '100',
        JOBS_LEASE_MS: '5000',
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '3000',
        LOG_LEVEL: 'silent',
      },
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 120; i += 1) {
      if (
        await fetch(`${base}/api/app-config`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return { base, child };
      await sleep(250);
    }
    throw new Error('the server did not start');
  };

  const postEvents = async (base: string, from: number, count: number) => {
    const events = Array.from({ length: count }, (_, i) => ({
      messageId: `proc-${from + i}`,
      projectId,
      status: 'sent',
      category: 'utility',
      initiator: 'business',
      country: 'IN',
      recipient: `9198000${String(from + i).padStart(5, '0')}`,
      timestamp: new Date().toISOString(),
    }));
    const res = await fetch(`${base}/platform/message-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform-key': PLATFORM_KEY },
      body: JSON.stringify({ events }),
    });
    expect(res.status).toBe(200);
  };

  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
  const delivered = (webhookId: string) =>
    count(sql`select count(*) as n from webhook_deliveries where webhook_id = ${webhookId} and status = 'DELIVERED'`);

  const subscribe = async (url: string) => {
    const env = readEnv({ ...process.env, DATABASE_URL: pg.url, DATA_DIR: dataDir, TOKEN_SECRET });
    const id = newId();
    const partnerId = (
      (await database.db.execute(sql`select partner_id as p from projects where id = ${projectId}`)) as unknown as {
        rows: { p: string }[];
      }
    ).rows[0]!;
    // One webhook at a time: the previous test's is switched off.
    await database.db.execute(sql`update webhooks set status = 'DISABLED'`);
    await database.db.insert(webhooks).values({
      id,
      partnerId: partnerId.p,
      projectId,
      url,
      topics: ['message.status.updated'],
      secret: secretBox(env).seal(newWebhookSecret()),
    });
    return id;
  };

  const waitFor = async (what: () => Promise<boolean>, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await what()) return;
      await sleep(200);
    }
    throw new Error('timed out');
  };

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    database = fromPostgres(pg.url);
    await migrate(database);
    const partner = await makePartner(database.db, { name: 'Processes Partner' });
    const business = await makeBusiness(database.db, { partnerId: partner.id, displayName: 'Processes Client' });
    projectId = (
      await makeProject(database.db, { partnerId: partner.id, businessId: business.id, name: 'Processes Project' })
    ).id;
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
    pg?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('two processes deliver every event once, one attempt each', async () => {
    const receiver = await startReceiver(5);
    const webhookId = await subscribe(receiver.url);
    const [a, b] = await Promise.all([startServer(), startServer()]);
    for (let batch = 0; batch < 4; batch += 1) await postEvents((batch % 2 ? b : a).base, batch * 100, 100);
    await waitFor(async () => (await delivered(webhookId)) === 400, 60_000);
    expect(receiver.ids).toHaveLength(400);
    expect(new Set(receiver.ids).size).toBe(400);
    expect(
      await count(
        sql`select count(*) as n from webhook_attempts t join webhook_deliveries d on d.id = t.delivery_id where d.webhook_id = ${webhookId}`,
      ),
    ).toBe(400);
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await receiver.close();
  }, 120_000);

  it('a process killed with SIGKILL mid-delivery loses no event: the next one delivers them all', async () => {
    const receiver = await startReceiver(300);
    const webhookId = await subscribe(receiver.url);
    const first = await startServer();
    await postEvents(first.base, 1000, 100);
    await waitFor(async () => receiver.ids.length >= 5, 30_000);
    first.child.kill('SIGKILL');
    const eventIds = (
      (await database.db.execute(
        sql`select event_id as e from webhook_deliveries where webhook_id = ${webhookId}`,
      )) as unknown as { rows: { e: string }[] }
    ).rows.map((r) => r.e);
    // Every event was committed with the messages that caused it, before any delivery.
    expect(eventIds).toHaveLength(100);

    await startServer();
    await waitFor(async () => (await delivered(webhookId)) === 100, 90_000);
    // At least once: every event reached the receiver (one killed mid-request may have come twice).
    expect(new Set(receiver.ids)).toEqual(new Set(eventIds));
    expect(await count(sql`select count(*) as n from jobs where kind = 'webhook.deliver'`)).toBe(0);
    await receiver.close();
  }, 150_000);
});
