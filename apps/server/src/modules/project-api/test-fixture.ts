import { and, eq, sql } from 'drizzle-orm';
import type { PrivateAppPasswordResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type CallResult, type TestContext } from '../../../test/harness.js';
import {
  analyticsDays,
  billingLogs,
  conversations,
  jobs,
  messageEvents,
  partnerBalances,
  projects,
} from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { STATUS_JOB } from '../../providers/meta/messages/sandbox.js';
import { projectOf, setPartner, setProject } from '../webhooks/test-fixture.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

/** Shared by the project API's tests: the demo's Metro Clinics with a private app, and the API called with it. */

export type Credential = { id: string; password: string };
export type Api = Awaited<ReturnType<typeof startProjectApi>>;

export const basic = (c: Credential) => `Basic ${Buffer.from(`${c.id}:${c.password}`).toString('base64')}`;

/** The demo with Metro Clinics' private app created through the console's call, as its owner would. */
export const startProjectApi = async (env: Record<string, string> = {}) => {
  const t = await startTestApp({ env });
  const owner = await signInAs(t.app, 'owner');
  const metro = await projectOf(t, 'Metro Clinics');
  const credentialOf = async (project: typeof metro): Promise<Credential> => {
    const res = await call<PrivateAppPasswordResponse>(t.app, 'POST', `/project/${project.id}/private-app`, {
      token: owner,
      body: { clientId: project.businessId },
    });
    if (res.status !== 200) throw new Error(`private app: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.privateApp._id, password: res.body.password };
  };
  const credential = await credentialOf(metro);

  /** A call of the project API: with Metro's credential unless another (or none) is given. */
  const api = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    url: string,
    opts: { body?: unknown; auth?: string | null; remoteAddress?: string; headers?: Record<string, string> } = {},
  ): Promise<CallResult<T> & { headers: Record<string, unknown> }> => {
    const auth = opts.auth === undefined ? basic(credential) : opts.auth;
    const res = await t.app.inject({
      method,
      url,
      headers: { ...opts.headers, ...(auth ? { authorization: auth } : {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
    return { status: res.statusCode, body: JSON.parse(res.body || '{}') as T, headers: res.headers };
  };

  const send = (body: unknown, auth?: string | null) => api('POST', '/api/v1/messages', { body, auth });

  return { t, owner, metro, credential, credentialOf, api, send };
};

export const message = (to: string, over: Record<string, unknown> = {}) => ({
  to,
  template: {
    name: 'appointment_reminder',
    language: 'en',
    parameters: ['Farah', 'Dr. Rao', '14 Dec, 11:00'],
    ...over,
  },
});

/** Metro's project API rule back as the demo has it (Acme WHITELABEL on DIAMOND, a Pro plan, not archived). */
export const restoreMetro = async (a: Api) => {
  await setProject(a.t, a.metro.id, {
    activePlan: a.metro.activePlan,
    partnerArchived: false,
    status: a.metro.status,
    templateCredit: a.metro.templateCredit,
  });
  await setPartner(a.t, a.metro.partnerId, { planType: 'DIAMOND' });
};

export const setBalances = async (a: Api, templateCredit: number, centralBalance: number) => {
  await setProject(a.t, a.metro.id, { templateCredit });
  await a.t.database.db
    .update(partnerBalances)
    .set({ centralBalance })
    .where(eq(partnerBalances.partnerId, a.metro.partnerId));
};

export const eventsOf = (a: Api, messageId: string) =>
  a.t.database.db
    .select()
    .from(messageEvents)
    .where(eq(messageEvents.messageId, messageId))
    .orderBy(messageEvents.occurredAt);

export const eventsTo = (a: Api, recipient: string) =>
  a.t.database.db.select().from(messageEvents).where(eq(messageEvents.recipient, recipient));

export const conversationsWith = (a: Api, recipient: string) =>
  a.t.database.db.select().from(conversations).where(eq(conversations.recipient, recipient));

export const billingLog = async (a: Api, id: string) =>
  (await a.t.database.db.select().from(billingLogs).where(eq(billingLogs.id, id)))[0];

/** Metro's sent, delivered and read counts of a UTC day. */
export const dayCounts = async (a: Api, day: string) => {
  const [row] = await a.t.database.db
    .select({
      sent: analyticsDays.sentChatCount,
      delivered: analyticsDays.deliveredChatCount,
      read: analyticsDays.readChatCount,
    })
    .from(analyticsDays)
    .where(and(eq(analyticsDays.projectId, a.metro.id), eq(analyticsDays.dayDate, day)));
  return row ?? { sent: 0, delivered: 0, read: 0 };
};

export const balances = async (a: Api) => {
  const [p] = await a.t.database.db
    .select({ credit: projects.templateCredit })
    .from(projects)
    .where(eq(projects.id, a.metro.id));
  return { credit: p!.credit, central: await readCentralBalance(a.t.database.db, a.metro.partnerId) };
};

/** Moves the test's clock and runs the sandbox's due status jobs (and any other handlers given) at it. */
export const runStatusJobs = async (a: Api, laterMs: number, extra: TestContext['app']['jobHandlers'] = {}) => {
  a.t.clock.now = new Date(a.t.clock.now.getTime() + laterMs);
  const handlers = { [STATUS_JOB]: a.t.app.jobHandlers[STATUS_JOB]!, ...extra };
  return runDueJobs(a.t.deps.db, handlers, a.t.deps.now, { concurrency: 1 });
};

/** Every job but the sandbox's status reports gone (the demo's template reviews and webhook deliveries). */
export const clearOtherJobs = (a: Api) => a.t.database.db.delete(jobs).where(sql`${jobs.kind} <> ${STATUS_JOB}`);
