import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import type { TestContext } from '../../../../test/harness.js';
import { enforceAccess, type AccessRow } from '../../../platform/access/access.js';
import { bearerViewer } from '../../../platform/auth/viewer.js';
import { newId } from '../../../platform/db/ids.js';
import {
  agents,
  jobs,
  projects,
  webhookAttempts,
  webhookDeliveries,
  webhookEvents,
  webhooks,
} from '../../../platform/db/schema.js';
import { registerErrorMapper } from '../../../platform/errors/error-mapper.js';
import { runDueJobs } from '../../../platform/jobs/runner.js';
import { newWebhookSecret, secretBox } from '../secret.js';
import { emitWebhookEvents, webhookDeliveryModule, type WebhookEventInput } from './index.js';
import type { DeliveryCtx } from './context.js';

/** Shared by the delivery tests: a receiver on 127.0.0.1, webhooks written directly, the jobs run by hand. */

export type Received = { headers: Record<string, string>; body: string; verified: boolean; error?: string };
export type Answer = { status: number; headers?: Record<string, string>; body?: string; hang?: boolean };

/**
 * A webhook receiver: answers each request with the next of `answers` (the last one repeats), and
 * verifies every request with the standardwebhooks package, its clock at `clock()` (the test's).
 */
export const startReceiver = async (secret: () => string, clock: () => Date) => {
  const received: Received[] = [];
  const answers: Answer[] = [{ status: 200, body: 'ok' }];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const r: Received = { headers, body, verified: false };
      // The package checks the timestamp against Date.now(): for a moment, that is the test's clock.
      vi.useFakeTimers({ toFake: ['Date'], now: clock() });
      try {
        new Webhook(secret()).verify(body, headers);
        r.verified = true;
      } catch (error) {
        r.error = (error as Error).message;
      } finally {
        vi.useRealTimers();
      }
      received.push(r);
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer.hang) return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** What the next requests get, in order; the last one stays. */
    answer: (...next: Answer[]) => answers.splice(0, answers.length, ...next),
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The partner of a demo user, and one of its projects. */
export const demoPartner = async (t: TestContext, userName: string) => {
  const [a] = await t.database.db
    .select({ partnerId: agents.partnerId })
    .from(agents)
    .where(eq(agents.loginUsername, userName));
  if (!a) throw new Error(`no demo user ${userName}`);
  return { partnerId: a.partnerId, projectId: await projectOfPartner(t, a.partnerId) };
};

/** A project of the partner: the first by name that is not archived (the same one on either database). */
export const projectOfPartner = async (t: TestContext, partnerId: string) => {
  const [p] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.partnerArchived, false)))
    .orderBy(projects.name)
    .limit(1);
  if (!p) throw new Error(`no project of ${partnerId}`);
  return p.id;
};

/** Every webhook, event and job gone (deliveries and attempts with them): a test starts from none. */
export const clearWebhooks = async (t: TestContext) => {
  await t.database.db.delete(webhooks);
  await t.database.db.delete(webhookEvents);
  await t.database.db.delete(jobs);
};

/** A webhook written directly (the CRUD calls are another module's), with its shared secret in the clear. */
export const insertWebhook = async (
  t: TestContext,
  w: { partnerId: string; projectId: string; url: string; topics?: string[]; status?: 'ENABLED' | 'DISABLED' },
) => {
  const secret = newWebhookSecret();
  const id = newId();
  await t.database.db.insert(webhooks).values({
    id,
    partnerId: w.partnerId,
    projectId: w.projectId,
    url: w.url,
    topics: w.topics ?? ['contact.created'],
    secret: secretBox(t.deps.env).seal(secret),
    status: w.status ?? 'ENABLED',
    createdAt: t.clock.now,
  });
  return { id, secret };
};

export const deliveryModuleFor = (
  t: TestContext,
  overrides: Partial<Pick<DeliveryCtx, 'random' | 'lookup' | 'kick'>> = {},
) => webhookDeliveryModule(t.deps, { random: () => 0, kick: () => {}, ...overrides });

/** Runs the due jobs of the module at the test's clock. */
export const runJobs = (t: TestContext, handlers: ReturnType<typeof deliveryModuleFor>['jobHandlers']) =>
  runDueJobs(t.deps.db, handlers, t.deps.now);

export const emit = (t: TestContext, events: WebhookEventInput[]) =>
  t.database.db.transaction((tx) => emitWebhookEvents(tx, events, { now: t.clock.now }));

export const later = (t: TestContext, ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

export const deliveriesOf = (t: TestContext, webhookId: string) =>
  t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));

export const attemptsOf = (t: TestContext, deliveryId: string) =>
  t.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));

export const jobOf = async (t: TestContext, deliveryId: string) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `webhook.deliver:${deliveryId}`))
  )[0];

export const webhookRow = async (t: TestContext, id: string) =>
  (await t.database.db.select().from(webhooks).where(eq(webhooks.id, id)))[0];

/**
 * The delivery console's routes in an app of their own, under the same access rules as app.ts
 * (until app.ts registers the module); sessions come from the test app's sign-in.
 */
export const consoleApp = async (t: TestContext, mod: ReturnType<typeof deliveryModuleFor>) => {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('viewer', null);
  registerErrorMapper(app);
  const table: AccessRow[] = [];
  await app.register(async (scope) => {
    enforceAccess(scope, bearerViewer(t.deps.db, t.deps.tokens, t.deps.now), table);
    await scope.register(mod.routes);
  });
  await app.ready();
  return { inject: app.inject.bind(app), close: () => app.close(), accessTable: table };
};
