import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DashboardSummary, DashboardUsage } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { agents, partners } from '../../platform/db/schema/identity.js';
import { projects } from '../../platform/db/schema/projects.js';
import { billingLogs } from '../../platform/db/schema/billing.js';
import { analyticsDayUsage } from '../../platform/db/schema/events.js';
import { postEntry } from '../billing/ledger.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';
import { parseRechargeNumbers, rechargeUrl } from './recharge.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

let t: TestContext;
let owner: string;
let acmeId: string;

const partnerOf = async (userName: string) => {
  const [row] = await t.deps.db
    .select({ partnerId: agents.partnerId })
    .from(agents)
    .where(eq(agents.loginUsername, userName));
  return row!.partnerId;
};

beforeAll(async () => {
  t = await startTestApp({ env: { RECHARGE_CHAT_NUMBERS: '*:INR=919000000001,*:USD=14150000002' } });
  owner = await signInAs(t.app, 'owner');
  acmeId = await partnerOf('owner');
});
afterAll(() => t.close());

describe('dashboard summary', () => {
  it('equals what the ledger and the projects say', async () => {
    await postEntry(t.deps.db, {
      partnerId: acmeId,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 1_234_567,
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      message: 'test recharge',
    });
    const res = await call<DashboardSummary>(t.app, 'GET', '/api/dashboard-summary', { token: owner });
    expect(res.status).toBe(200);

    const [last] = await t.deps.db
      .select({ after: billingLogs.balanceAfter })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, acmeId), eq(billingLogs.balance, 'CENTRAL')))
      .orderBy(sql`${billingLogs.createdAt} desc`, sql`${billingLogs.id} desc`)
      .limit(1);
    const [partner] = await t.deps.db.select().from(partners).where(eq(partners.id, acmeId));
    const [live] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(
        and(eq(projects.partnerId, acmeId), eq(projects.isWhatsappVerified, true), eq(projects.partnerArchived, false)),
      );

    expect(res.body.centralBalance).toBe(last!.after);
    expect(res.body.centralBalance).toBe(await readCentralBalance(t.deps.db, partner!.id));
    expect(res.body.minAllowedBalance).toBe(partner!.minAllowedBalance);
    expect(res.body.currency).toBe('INR');
    expect(res.body.whatsappAccountLive).toBe(live!.n);
    expect(res.body.whatsappAccountLive).toBeGreaterThan(0);
    expect(res.body.rechargeUrl).toBe('https://wa.me/919000000001');
  });

  it('agrees with the projects list Live count', async () => {
    const counts = await call<Array<{ liveCount: number }>>(t.app, 'POST', '/api/project-counts', {
      token: owner,
      body: {},
    });
    const res = await call<DashboardSummary>(t.app, 'GET', '/api/dashboard-summary', { token: owner });
    expect(res.body.whatsappAccountLive).toBe(counts.body[0]!.liveCount);
  });

  it('uses the USD number for a USD partner', async () => {
    const res = await call<DashboardSummary>(t.app, 'GET', '/api/dashboard-summary', {
      token: await signInAs(t.app, 'ads'),
    });
    expect(res.body.currency).toBe('USD');
    expect(res.body.rechargeUrl).toBe('https://wa.me/14150000002');
  });

  it('gives referral users no balance', async () => {
    const res = await call(t.app, 'GET', '/api/dashboard-summary', { token: await signInAs(t.app, 'referral') });
    expect(res.status).toBe(403);
  });
});

describe('dashboard usage', () => {
  const usage = (from: string, to: string, token = owner) =>
    call<DashboardUsage & { message?: string }>(t.app, 'GET', `/api/dashboard-usage?fromDate=${from}&toDate=${to}`, {
      token,
    });

  it('sums the analytics day rows per balance and category within the range', async () => {
    const [project] = await t.deps.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.partnerId, acmeId))
      .limit(1);
    const row = (
      dayDate: string,
      variant: 'TemplateCredit' | 'CentralBalance',
      metric: 'mc' | 'uc' | 'ac' | 'sc' | 'bic',
      country: string,
      count: number,
      creditUsage: number,
    ) => ({
      partnerId: acmeId,
      projectId: project!.id,
      dayDate,
      variant,
      metric,
      country,
      count,
      creditUsage,
    });
    await t.deps.db.insert(analyticsDayUsage).values([
      row('2024-06-10', 'CentralBalance', 'mc', 'IN', 3, 300_000),
      row('2024-06-11', 'CentralBalance', 'mc', 'US', 2, 500_000),
      row('2024-06-11', 'CentralBalance', 'bic', 'US', 5, 800_000), // initiator metric: not a category tile
      row('2024-06-12', 'TemplateCredit', 'uc', 'IN', 4, 40_000),
      row('2024-06-12', 'TemplateCredit', 'sc', 'IN', 1, 0),
      row('2024-06-01', 'CentralBalance', 'ac', 'IN', 9, 90_000), // outside the range
    ]);
    const res = await usage('2024-06-09', '2024-06-15');
    expect(res.status).toBe(200);
    expect(res.body.balanceUsage).toEqual({
      marketing: { count: 5, amount: 800_000 },
      utility: { count: 0, amount: 0 },
      authentication: { count: 0, amount: 0 },
      service: { count: 0, amount: 0 },
    });
    expect(res.body.templateCreditUsage.utility).toEqual({ count: 4, amount: 40_000 });
    expect(res.body.templateCreditUsage.service).toEqual({ count: 1, amount: 0 });
    expect((await usage('2024-06-01', '2024-06-01')).body.balanceUsage.authentication).toEqual({
      count: 9,
      amount: 90_000,
    });
  });

  it("never shows another partner's usage", async () => {
    const res = await usage('2024-06-01', '2024-06-15', await signInAs(t.app, 'direct'));
    expect(res.body.balanceUsage.marketing.count).toBe(0);
    expect(res.body.templateCreditUsage.utility.count).toBe(0);
  });

  it('refuses ranges before 25 March 2023, in the future, reversed or malformed', async () => {
    expect((await usage('2023-03-24', '2023-03-30')).body.message).toBe('The range cannot start before 25 March 2023');
    expect((await usage('2023-03-25', '2023-03-30')).status).toBe(200);
    const today = t.clock.now.toISOString().slice(0, 10);
    const twoDaysOn = new Date(t.clock.now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await usage('2024-06-10', today)).status).toBe(200);
    expect((await usage('2024-06-10', twoDaysOn)).body.message).toBe('The range cannot end in the future');
    expect((await usage('2024-06-12', '2024-06-10')).body.message).toBe(
      'The start date must not be after the end date',
    );
    const bad = await usage('2024-02-30', '2024-03-01');
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/dashboard-usage?fromDate=x', { token: owner })).status).toBe(400);
  });
});

describe('recharge numbers', () => {
  it("prefer the tenant's own number, then the default of the currency", () => {
    const numbers = parseRechargeNumbers('*:INR=911111111111, p1:INR=+922222222222,*:USD=13333333333');
    expect(rechargeUrl(numbers, 'p1', 'INR')).toBe('https://wa.me/922222222222');
    expect(rechargeUrl(numbers, 'p2', 'INR')).toBe('https://wa.me/911111111111');
    expect(rechargeUrl(numbers, 'p1', 'USD')).toBe('https://wa.me/13333333333');
    expect(rechargeUrl(parseRechargeNumbers(''), 'p1', 'USD')).toBeNull();
  });
});

describe('dashboard usage against the ledger', () => {
  it('equals the message-delivery entries the charging wrote, per balance', async () => {
    const KEY = 'dashboard-platform-key-0123456789';
    const c = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
    try {
      const token = await signInAs(c.app, 'owner');
      const [acme] = await c.deps.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
      const business = await makeBusiness(c.deps.db, { partnerId: acme!.id, displayName: 'Dashboard Ledger Co' });
      const family = await makeWccFamily(c.deps.db, acme!.id, 'Dashboard ledger family', {
        IN: {
          mc: { INR: 90000, USD: 1000, inrMargin: 10000, usdMargin: 100 },
          uc: { INR: 15000, USD: 200, inrMargin: 5000, usdMargin: 0 },
        },
        default: {
          mc: { INR: 180000, USD: 2500, inrMargin: 20000, usdMargin: 0 },
          ac: { INR: 12000, USD: 200, inrMargin: 3000, usdMargin: 0 },
        },
      });
      const withCredit = await makeProject(c.deps.db, {
        partnerId: acme!.id,
        businessId: business.id,
        name: 'Ledger credit',
        wccPlanId: family.id,
        isWhatsappVerified: true,
        openingCredit: 250_000,
      });
      const noCredit = await makeProject(c.deps.db, {
        partnerId: acme!.id,
        businessId: business.id,
        name: 'Ledger central',
        wccPlanId: family.id,
        isWhatsappVerified: true,
      });
      const day = '2024-02-10';
      let n = 0;
      const ev = (projectId: string, category: 'marketing' | 'utility' | 'authentication', country: string) => ({
        messageId: `dash-${++n}`,
        projectId,
        status: 'sent' as const,
        category,
        initiator: 'business' as const,
        country,
        recipient: `9198000${String(n).padStart(5, '0')}`,
        timestamp: `${day}T0${n % 10}:00:00.000Z`,
      });
      const events = [
        ...[1, 2, 3, 4].map(() => ev(withCredit.id, 'marketing', 'IN')), // the credit runs out part-way: the rest goes to the central balance
        ev(withCredit.id, 'utility', 'IN'),
        ev(noCredit.id, 'marketing', 'US'),
        ev(noCredit.id, 'authentication', 'GB'),
        ev(noCredit.id, 'utility', 'IN'),
      ];
      const ingested = await call(c.app, 'POST', '/platform/message-events', {
        body: { events },
        headers: { 'x-platform-key': KEY },
      });
      expect(ingested.status, JSON.stringify(ingested.body)).toBe(200);

      const ledger = async (reasonCode: string) => {
        const [row] = await c.deps.db
          .select({
            s: sql<string>`coalesce(sum(case when ${billingLogs.action} = 'SUBTRACT' then ${billingLogs.amount} else -${billingLogs.amount} end), 0)`,
          })
          .from(billingLogs)
          .where(
            and(
              eq(billingLogs.partnerId, acme!.id),
              eq(billingLogs.reasonCode, reasonCode),
              inArray(billingLogs.projectId, [withCredit.id, noCredit.id]),
            ),
          );
        return Number(row!.s);
      };
      const res = await call<DashboardUsage>(c.app, 'GET', `/api/dashboard-usage?fromDate=${day}&toDate=${day}`, {
        token,
      });
      const total = (u: DashboardUsage['balanceUsage']) => Object.values(u).reduce((s, x) => s + x.amount, 0);
      const central = await ledger('MESSAGE_DELIVERY_CENTRAL');
      const wcc = await ledger('MESSAGE_DELIVERY_WCC');
      expect(central).toBeGreaterThan(0);
      expect(wcc).toBeGreaterThan(0);
      expect(total(res.body.balanceUsage)).toBe(central);
      expect(total(res.body.templateCreditUsage)).toBe(wcc);
      expect(res.body.balanceUsage.authentication.count).toBe(1);
    } finally {
      await c.close();
    }
  });
});
