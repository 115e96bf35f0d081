import { afterAll, beforeAll } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { InboundMessage, MessageEvent, MessageEventsResponse } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { billingLogs, partners, projects } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';
import { postEntry } from '../billing/ledger.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

export const KEY = 'test-platform-key-0123456789';
/** An instant when Meta priced conversations (after service conversations became free). */
export const CBP_TIME = '2025-03-20T10:00:00.000Z';
/** An instant when Meta priced messages one by one, utility free in a service window (before 1 October 2026). */
export const PMP_TIME = '2025-09-10T10:00:00.000Z';

/** Partner prices (provider + margin), INR, in 1/100000: IN marketing 1.00, default marketing 2.00, IN utility 0.20. */
export const prices = {
  IN: {
    mc: { INR: 90000, USD: 1000, inrMargin: 10000, usdMargin: 100 },
    uc: { INR: 15000, USD: 200, inrMargin: 5000, usdMargin: 0 },
    sc: { INR: 40000, USD: 0, inrMargin: 0, usdMargin: 0 },
  },
  default: {
    mc: { INR: 180000, USD: 2500, inrMargin: 20000, usdMargin: 0 },
    uic: { INR: 30000, USD: 400, inrMargin: 0, usdMargin: 0 },
  },
};

/**
 * What the charging test files share: a server with a platform key, Acme with a business and a WCC
 * family of the prices above, and helpers to post events and read balances. Fields are filled in
 * `beforeAll`; read them inside tests.
 */
export const useChargingFixture = () => {
  const fx = { t: undefined as unknown as TestContext, partnerId: '', businessId: '', familyId: '' };
  let seq = 0;
  const newProject = async (openingCredit: number) =>
    makeProject(fx.t.deps.db, {
      partnerId: fx.partnerId,
      businessId: fx.businessId,
      name: `Charging ${++seq}`,
      wccPlanId: fx.familyId,
      isWhatsappVerified: true,
      ...(openingCredit ? { openingCredit } : {}),
    });

  const post = (events: Partial<MessageEvent>[], key: string | null = KEY) =>
    call<MessageEventsResponse & { message?: string }>(fx.t.app, 'POST', '/platform/message-events', {
      body: { events },
      headers: key ? { 'x-platform-key': key } : {},
    });

  /** A user's message to the project's number, from the fixture's usual recipient unless told. */
  const postInbound = (projectId: string, timestamp: string, over: Partial<InboundMessage> = {}) =>
    call<MessageEventsResponse & { message?: string }>(fx.t.app, 'POST', '/platform/message-events', {
      body: {
        inbound: [{ messageId: `in-${++seq}`, projectId, from: '919800000001', country: 'IN', timestamp, ...over }],
      },
      headers: { 'x-platform-key': KEY },
    });

  const event = (projectId: string, over: Partial<MessageEvent> = {}): MessageEvent => ({
    messageId: `m-${++seq}`,
    projectId,
    status: 'sent',
    category: 'marketing',
    initiator: 'business',
    country: 'IN',
    recipient: '919800000001',
    // Conversation-based pricing's time (before 1 July 2025): per-message pricing has its own tests.
    timestamp: CBP_TIME,
    ...over,
  });

  const creditOf = async (projectId: string) =>
    (await fx.t.deps.db.select({ c: projects.templateCredit }).from(projects).where(eq(projects.id, projectId)))[0]!.c;
  const centralOf = async () => readCentralBalance(fx.t.deps.db, fx.partnerId);
  const setCentral = async (amount: number) => {
    const now = await centralOf();
    if (now === amount) return;
    await postEntry(fx.t.deps.db, {
      partnerId: fx.partnerId,
      balance: 'CENTRAL',
      action: amount > now ? 'ADD' : 'SUBTRACT',
      amount: Math.abs(amount - now),
      reasonCode: 'CENTRAL_BALANCE_UPDATE',
      message: 'test',
    });
  };
  /** Sum of a balance's billing-log entries: ADD minus SUBTRACT. */
  const ledgerSum = async (balance: 'WCC' | 'CENTRAL', projectId?: string) => {
    const [row] = await fx.t.deps.db
      .select({
        s: sql<string>`coalesce(sum(case when ${billingLogs.action} = 'ADD' then ${billingLogs.amount} else -${billingLogs.amount} end), 0)`,
      })
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, fx.partnerId),
          eq(billingLogs.balance, balance),
          projectId ? eq(billingLogs.projectId, projectId) : undefined,
        ),
      );
    return Number(row!.s);
  };

  beforeAll(async () => {
    fx.t = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
    const [acme] = await fx.t.deps.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
    fx.partnerId = acme!.id;
    fx.businessId = (await makeBusiness(fx.t.deps.db, { partnerId: fx.partnerId, displayName: 'Charging Test Co' })).id;
    fx.familyId = (await makeWccFamily(fx.t.deps.db, fx.partnerId, 'Charging test family', prices)).id;
  });
  afterAll(() => fx.t.close());

  return { fx, newProject, post, postInbound, event, creditOf, centralOf, setCentral, ledgerSum };
};
