import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import {
  analyticsDays,
  billingLogs,
  conversations,
  messageEvents,
  partnerBalances,
  partners,
  projects,
} from '../../platform/db/schema.js';
import { backfillTraffic, liveProjects, rechargeLowBalances, startTrafficSimulator } from './simulator.js';
import { eq } from 'drizzle-orm';
import { makeTraffic, randomSource } from './traffic.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const count = async (table: typeof messageEvents | typeof conversations) =>
  Number((await t.deps.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);

describe('the traffic simulator', () => {
  it('makes the same traffic from the same seed, every status after its sent, inside the window', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    const to = new Date('2026-11-02T00:00:00Z');
    const a = makeTraffic([{ id: 'p1', currency: 'INR' }], from, to, 50, randomSource(7), 'x');
    expect(makeTraffic([{ id: 'p1', currency: 'INR' }], from, to, 50, randomSource(7), 'x')).toEqual(a);
    expect(a.filter((e) => e.status === 'sent')).toHaveLength(50);
    for (const e of a) {
      const sent = a.find((s) => s.messageId === e.messageId && s.status === 'sent')!;
      expect(e.timestamp >= sent.timestamp && e.timestamp < to.toISOString()).toBe(true);
    }
  });

  it("backfills the demo's live projects once: events, conversations, day rows, and balances still equal their entries", async () => {
    const live = await liveProjects(t.deps.db);
    expect(live.length).toBeGreaterThan(0);
    const now = new Date();
    // The demo seed's history has traffic for every live project but Kite Campaign 02: it is backfilled.
    const [before, conversationsBefore] = [await count(messageEvents), await count(conversations)];
    const accepted = await backfillTraffic(t.deps.db, now, 7);
    expect(accepted).toBeGreaterThan(0);
    expect(await count(messageEvents)).toBe(before + accepted);
    expect(await count(conversations)).toBeGreaterThan(conversationsBefore);
    const days = await t.deps.db.select({ d: analyticsDays.dayDate }).from(analyticsDays);
    expect(new Set(days.map((d) => d.d)).size).toBeGreaterThanOrEqual(7);
    // A second run finds every live project with traffic and adds nothing.
    expect(await backfillTraffic(t.deps.db, now, 7)).toBe(0);
    for (const p of await t.deps.db.select().from(projects)) {
      const [row] = await t.deps.db
        .select({
          s: sql<string>`coalesce(sum(case when ${billingLogs.action} = 'ADD' then ${billingLogs.amount} else -${billingLogs.amount} end), 0)`,
        })
        .from(billingLogs)
        .where(sql`${billingLogs.projectId} = ${p.id} and ${billingLogs.balance} = 'WCC'`);
      expect(p.templateCredit, p.name).toBe(Number(row!.s));
      expect(p.templateCredit).toBeGreaterThanOrEqual(0);
    }
    for (const partner of await t.deps.db.select().from(partnerBalances))
      expect(partner.centralBalance).toBeGreaterThanOrEqual(0);
  });

  it('runs in the background and stops', async () => {
    const before = await count(messageEvents);
    const lines: string[] = [];
    const stop = startTrafficSimulator(
      t.deps.db,
      () => new Date(),
      200,
      (l) => lines.push(l),
    );
    await new Promise((r) => setTimeout(r, 1500));
    await stop();
    expect(lines.join('\n')).toMatch(/Traffic simulator: 0 past message events recorded/);
    const after = await count(messageEvents);
    expect(after).toBeGreaterThan(before);
    await new Promise((r) => setTimeout(r, 500));
    expect(await count(messageEvents)).toBe(after);
  });

  it('recharges a partner whose central balance runs low, through the ledger, and no one else', async () => {
    const db = t.deps.db;
    const [low, healthy] = await db
      .select()
      .from(partners)
      .where(sql`${partners.minAllowedBalance} > 0`)
      .limit(2);
    await db
      .update(partnerBalances)
      .set({ centralBalance: low!.minAllowedBalance })
      .where(eq(partnerBalances.partnerId, low!.id));
    await db
      .update(partnerBalances)
      .set({ centralBalance: healthy!.minAllowedBalance * 5 })
      .where(eq(partnerBalances.partnerId, healthy!.id));
    expect(await rechargeLowBalances(db, [low!.id, healthy!.id], 'test')).toBe(1);
    expect(await readCentralBalance(db, low!.id)).toBe(low!.minAllowedBalance * 11);
    const [entry] = await db
      .select()
      .from(billingLogs)
      .where(sql`${billingLogs.partnerId} = ${low!.id} and ${billingLogs.message} = 'Recharge (traffic simulator)'`);
    expect(entry).toMatchObject({
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      action: 'ADD',
      amount: low!.minAllowedBalance * 10,
      balanceAfter: low!.minAllowedBalance * 11,
    });
    expect(entry!.paymentId).toMatch(/^pay_sim_test_/);
    expect(await readCentralBalance(db, healthy!.id)).toBe(healthy!.minAllowedBalance * 5);
  });
});
