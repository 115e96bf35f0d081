import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { noAccess, type MessageEvent } from '@pc/contract';
import { call, signIn, signInAs, type TestContext } from '../../../test/harness.js';
import { newId } from '../../platform/db/ids.js';
import { billingLogs, businesses, partners, projects } from '../../platform/db/schema.js';
import { makeAgent, makeRole } from '../../seed/factories.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';

/**
 * Shared by the reports tests: Acme's callers (by role), billing logs on a live project in June 2024,
 * and a business whose names are formulas, with its conversations of Aug–Nov 2024.
 */

/** The platform key the app is started with: the conversations come in as message events. */
export const PLATFORM_KEY = 'test-platform-key-reports-0123456789';
export const TRICKY_NAME = '=HYPERLINK("http://x"),\nthen +more';
export const today = () => new Date().toISOString().slice(0, 10);

export type ReportsWorld = Awaited<ReturnType<typeof startReports>>;

/** The reports' world in an app started with PLATFORM_KEY, and the calls that download them. */
export const startReports = async (t: TestContext) => {
  const [owner, direct] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
  const acmeId = acme!.id;

  /** A report as the console downloads it: the CSV file (Accept: text/csv). */
  const report = (url: string, body: unknown, token = owner) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      payload: body as object,
    });
  /** A report as the spec answers it by default: `{ logs }`. */
  const logsOf = (url: string, body: unknown, accept?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${owner}`, ...(accept ? { accept } : {}) },
      payload: body as object,
    });

  /** A billing log row written straight to the table (reports read; they never write). */
  const log = (change: Partial<typeof billingLogs.$inferInsert>) =>
    t.database.db.insert(billingLogs).values({
      id: newId(),
      partnerId: acmeId,
      balance: 'CENTRAL',
      action: 'SUBTRACT',
      amount: 100_000,
      reasonCode: 'PLAN_PURCHASE',
      message: 'test',
      ...change,
    });

  let seq = 0;
  const event = (projectId: string, over: Partial<MessageEvent> = {}): MessageEvent => ({
    messageId: `report-m-${++seq}`,
    projectId,
    status: 'sent',
    category: 'marketing',
    initiator: 'business',
    country: 'IN',
    recipient: `91980000${String(seq).padStart(4, '0')}`,
    timestamp: '2024-08-10T10:00:00.000Z',
    ...over,
  });
  const ingest = async (events: MessageEvent[]) => {
    const res = await call(t.app, 'POST', '/platform/message-events', {
      body: { events },
      headers: { 'x-platform-key': PLATFORM_KEY },
    });
    expect(res.status).toBe(200);
  };

  // A role that sees Billings but no businesses, and one the other way round.
  await makeRole(t.database.db, acmeId, 'Billing Clerk', { ...noAccess, billings: { read: true } });
  await makeRole(t.database.db, acmeId, 'Business Desk', { ...noAccess, business: { read: true, write: false } });
  await makeAgent(t.database.db, {
    partnerId: acmeId,
    userName: 'clerk',
    password: 'Clerk@1234',
    role: 'Billing Clerk',
  });
  await makeAgent(t.database.db, {
    partnerId: acmeId,
    userName: 'desk',
    password: 'Desk@12345',
    role: 'Business Desk',
  });
  const [billingsOnly, businessOnly] = await Promise.all([
    signIn(t.app, 'clerk', 'Clerk@1234'),
    signIn(t.app, 'desk', 'Desk@12345'),
  ]);

  const [live] = await t.database.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.partnerId, acmeId), eq(projects.isWhatsappVerified, true)))
    .limit(1);
  const project = live!;
  await log({
    projectId: project.id,
    reasonCode: 'META_AD_CREDIT_UPDATE',
    balance: 'AD_CREDIT',
    action: 'ADD',
    message: 'hidden ad credit',
    createdAt: new Date('2024-06-01T10:00:00Z'),
  });
  await log({
    projectId: project.id,
    reasonCode: 'PLAN_RENEWED',
    message: 'A renewal',
    createdAt: new Date('2024-06-02T10:00:00Z'),
  });
  await log({
    projectId: project.id,
    reasonCode: 'WCC_CREDIT_ADD',
    message: '=cmd|calc, "quoted"\nline',
    createdAt: new Date('2024-06-03T10:00:00Z'),
  });

  const family = await makeWccFamily(t.database.db, acmeId, 'Report test family', {
    IN: { mc: { INR: 90000, USD: 1000, inrMargin: 10000, usdMargin: 100 } },
  });
  const business = await makeBusiness(t.database.db, { partnerId: acmeId, displayName: TRICKY_NAME });
  await t.database.db
    .update(businesses)
    .set({ email: `archived__${business.email}` })
    .where(eq(businesses.id, business.id));
  const p = await makeProject(t.database.db, {
    partnerId: acmeId,
    businessId: business.id,
    name: TRICKY_NAME,
    wccPlanId: family.id,
    isWhatsappVerified: true,
    whatsappNumber: '+919811111111',
    openingCredit: 500_000,
  });
  /** A business and project whose names are formulas with commas, quotes and a line break. */
  const tricky = { businessId: business.id, projectId: p.id };
  // Three marketing conversations (1.00 each from the template credit), one service conversation
  // after 1 Nov 2024 (free), and a second message to the first recipient inside its window (no new conversation).
  await ingest([
    event(p.id, { recipient: '919800000001' }),
    event(p.id, { recipient: '919800000001', timestamp: '2024-08-10T11:00:00.000Z' }),
    event(p.id, { recipient: '919800000002', timestamp: '2024-08-10T10:30:00.000Z' }),
    event(p.id, { recipient: '+919800000003', timestamp: '2024-08-11T09:30:00.000Z' }),
    event(p.id, { category: 'service', initiator: 'user', country: 'AE', timestamp: '2024-11-05T08:00:00.000Z' }),
  ]);

  return { owner, direct, billingsOnly, businessOnly, acmeId, project, tricky, report, logsOf, log };
};
