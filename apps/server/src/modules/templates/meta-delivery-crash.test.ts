import { createHmac, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { readEnv } from '../../env.js';
import { createTokenService } from '../../platform/auth/tokens.js';
import { fromPostgres, openDatabase, type Database } from '../../platform/db/open.js';
import { analyticsDays, jobs, messageEvents } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { createOutbox } from '../../providers/mail/outbox.js';
import { billablePricing, messageStatuses } from '../../providers/meta/accounts/meta-payloads.js';
import { demoPasswords } from '../../../test/harness.js';
import { startConsoleProcess, type ConsoleProcess } from '../../../test/processes/console-process.js';
import { serverDatabases, type ServerDatabases } from '../../../test/server-databases.js';
import { callbackDataOf } from '../project-api/status.js';
import { META_DELIVERY_JOB } from './meta-deliveries.js';

/**
 * Meta's webhook answers 200 once the delivery is stored as a job, before its statuses are
 * recorded: a server killed with SIGKILL in between loses nothing. A real server process (without
 * a jobs runner, so that it is killed before the job runs) answers a signed delivery of a demo
 * project's sent messages, is killed, and the job then found in the database records every status.
 * On the embedded database in a data directory (the killed process's lock taken over, PGlite
 * recovering from its WAL), and on PostgreSQL in the PostgreSQL suite (`npm run test:pg`).
 */

const META_APP_SECRET = 'crash-test-meta-app-secret';
const TOKEN_SECRET = 'crash-test-token-secret-0123456789abcdef';
const WITHOUT_JOBS = 'test/processes/console-without-jobs.ts';

type SeededDatabase = {
  /** What a server process is given to open it. */
  env: Record<string, string>;
  create: () => Promise<void>;
  open: () => Promise<Database>;
  remove: () => Promise<void>;
};

/**
 * The seeded demo for processes of their own: a database made from the suite's seeded template on
 * DATABASE_URL's server, or a DATA_DIR holding a copy of the seeded embedded database where
 * openDatabase looks for it (pglite/).
 */
const seededDatabase = (): SeededDatabase => {
  const serverUrl = readEnv().DATABASE_URL;
  if (serverUrl) {
    const name = `pc_test_${randomBytes(6).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Made and dropped as the suite's own copies are: on Citus, a copy on every node.
    const admin = async (work: (databases: ServerDatabases) => Promise<unknown>) => {
      const databases = await serverDatabases(serverUrl);
      await work(databases).finally(() => databases.close());
    };
    return {
      env: { DATABASE_URL: url.toString() },
      create: () => admin((databases) => databases.create(name, inject('seededDatabase'))),
      open: async () => fromPostgres(url.toString()),
      remove: () => admin((databases) => databases.drop(name)),
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    create: async () => cpSync(inject('seededDataDir'), path.join(dataDir, 'pglite'), { recursive: true }),
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

/**
 * Meta's status webhook body (docs/research/meta-pricing-and-webhooks.md §2.1; meta-payloads.ts), Meta's
 * pricing object on delivered.
 */
const statusesBody = (statuses: { id: string; status: string; at: number; to: string; callback: string }[]) =>
  messageStatuses(
    statuses.map((s) => ({
      id: s.id,
      status: s.status,
      at: new Date(s.at),
      recipientId: s.to,
      callbackData: s.callback,
      ...(s.status === 'delivered' ? { pricing: billablePricing('utility') } : {}),
    })),
  );

describe("Meta's webhook across a SIGKILL", () => {
  const db = seededDatabase();
  let server: ConsoleProcess | undefined;
  let database: Database | undefined;
  let close = async () => {};

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await close();
    await database?.close();
    await server?.stop();
    await db.remove();
  });

  it('records every status of a delivery answered 200 by a process killed before its job ran', async () => {
    await db.create();
    server = await startConsoleProcess({ ...db.env, META_APP_SECRET, TOKEN_SECRET }, { entry: WITHOUT_JOBS });
    const base = server.base;
    const call = async (url: string, body: unknown, authorization?: string) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    // The demo's Metro Clinics, as its owner finds it; two messages sent through the project API with
    // its private app, as a partner's system sends them.
    const login = await call('/auth/login', { userName: 'owner', password: demoPasswords.owner });
    expect(login.status).toBe(200);
    const owner = `Bearer ${String(login.body.token)}`;
    const listed = await call('/api/project-lists', { assistantName: 'Metro Clinics' }, owner);
    const metro = (listed.body.projects as { _id: string; assistantName: string; clientId: string }[]).find(
      (p) => p.assistantName === 'Metro Clinics',
    )!;
    const made = await call(`/project/${metro._id}/private-app`, { clientId: metro.clientId }, owner);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const credential = `${(made.body.privateApp as { _id: string })._id}:${String(made.body.password)}`;
    const sent: { id: string; to: string }[] = [];
    for (const to of ['919876500081', '919876500082']) {
      const res = await call(
        '/api/v1/messages',
        {
          to,
          template: { name: 'appointment_reminder', language: 'en', parameters: ['Farah', 'Dr. Rao', '14 Dec, 11:00'] },
        },
        `Basic ${Buffer.from(credential).toString('base64')}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      sent.push({ id: String(res.body.messageId), to });
    }

    // Meta's delivery of their delivered and read statuses, signed with the app secret as Meta signs.
    const callback = callbackDataOf({ projectId: metro._id, category: 'utility', country: 'IN' });
    const now = Date.now();
    const raw = JSON.stringify(
      statusesBody(
        sent.flatMap((m) => [
          { ...m, status: 'delivered', at: now + 2_000, callback },
          { ...m, status: 'read', at: now + 5_000, callback },
        ]),
      ),
    );
    const res = await fetch(`${base}/platform/meta/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', META_APP_SECRET).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'EVENT_RECEIVED' });

    const killed = new Promise((resolve) => server!.child.once('exit', (_code, signal) => resolve(signal)));
    server.child.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');

    database = await db.open();
    const ids = sent.map((m) => m.id);
    const statuses = async () =>
      (
        await database!.db
          .select({ id: messageEvents.messageId, status: messageEvents.status })
          .from(messageEvents)
          .where(inArray(messageEvents.messageId, ids))
      )
        .map((e) => `${e.id} ${e.status}`)
        .sort();
    const counts = async () => {
      const [row] = await database!.db
        .select({
          sent: sql<number>`coalesce(sum(${analyticsDays.sentChatCount}), 0)::int`,
          delivered: sql<number>`coalesce(sum(${analyticsDays.deliveredChatCount}), 0)::int`,
          read: sql<number>`coalesce(sum(${analyticsDays.readChatCount}), 0)::int`,
        })
        .from(analyticsDays)
        .where(eq(analyticsDays.projectId, metro._id));
      return row!;
    };
    const deliveryJobs = () =>
      database!.db
        .select({ payload: jobs.payload, failedAt: jobs.failedAt })
        .from(jobs)
        .where(eq(jobs.kind, META_DELIVERY_JOB));

    // Answered, killed, not worked: the sends are recorded, the statuses are only in the stored delivery.
    expect(await statuses()).toEqual(ids.map((id) => `${id} sent`).sort());
    const stored = await deliveryJobs();
    expect(stored).toHaveLength(1);
    for (const id of ids) expect(JSON.stringify(stored[0]!.payload)).toContain(id);
    const counted = await counts();

    // Any process's runner finds the job: here this one's, with the app built on the same database.
    const env = readEnv({ ...process.env, ...db.env, META_APP_SECRET, TOKEN_SECRET });
    const app = await buildApp({
      db: database.db,
      env,
      tokens: createTokenService(TOKEN_SECRET),
      mail: createOutbox(path.join(os.tmpdir(), `pc-outbox-${process.pid}`), env.SMTP_FROM),
      now: () => new Date(),
    });
    close = () => app.close();
    const deliver = { [META_DELIVERY_JOB]: app.jobHandlers[META_DELIVERY_JOB]! };
    expect(await runDueJobs(database.db, deliver, () => new Date())).toEqual({ ran: 1, failed: 0 });

    expect(await statuses()).toEqual(
      ids.flatMap((id) => ['delivered', 'read', 'sent'].map((s) => `${id} ${s}`)).sort(),
    );
    expect(await counts()).toEqual({ ...counted, delivered: counted.delivered + 2, read: counted.read + 2 });
    expect(await deliveryJobs()).toEqual([]);
  }, 60_000);
});
