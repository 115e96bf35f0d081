import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../../platform/db/open.js';
import { billingLogs, conversations, marginDays } from '../../platform/db/schema.js';
import { marginBatch } from './rollup.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
});
afterAll(() => database.close());

const num = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::float8`;

describe('the margin rollup (issue 17)', () => {
  it("reconciles with the billing ledger and the conversations, project by project, on the demo's replayed traffic", async () => {
    const rolled = await database.db
      .select({
        projectId: marginDays.projectId,
        conversations: num(marginDays.conversations),
        charged: num(marginDays.charged),
        free: num(marginDays.free),
        unbilled: num(marginDays.unbilled),
        revenue: num(marginDays.revenue),
        providerCost: num(marginDays.providerCost),
        unbilledAmount: num(marginDays.unbilledAmount),
      })
      .from(marginDays)
      .groupBy(marginDays.projectId)
      .orderBy(marginDays.projectId);
    const counted = await database.db
      .select({
        projectId: conversations.projectId,
        conversations: sql<number>`count(*)::float8`,
        charged: sql<number>`(count(*) filter (where ${conversations.billingStatus} = 'CHARGED'))::float8`,
        free: sql<number>`(count(*) filter (where ${conversations.billingStatus} = 'FREE'))::float8`,
        unbilled: sql<number>`(count(*) filter (where ${conversations.billingStatus} = 'UNBILLED'))::float8`,
        revenue: sql<number>`coalesce(sum(${conversations.amount}) filter (where ${conversations.billingStatus} = 'CHARGED'), 0)::float8`,
        providerCost: num(conversations.providerAmount),
        unbilledAmount: sql<number>`coalesce(sum(${conversations.amount}) filter (where ${conversations.billingStatus} = 'UNBILLED'), 0)::float8`,
      })
      .from(conversations)
      .groupBy(conversations.projectId)
      .orderBy(conversations.projectId);
    expect(rolled.length).toBeGreaterThan(0);
    expect(rolled).toEqual(counted);

    // The ledger: every charged conversation's entry, its price and the provider's under it.
    const ledger = await database.db
      .select({
        projectId: billingLogs.projectId,
        revenue: num(billingLogs.amount),
        providerCost: num(billingLogs.providerAmount),
      })
      .from(billingLogs)
      .where(inArray(billingLogs.reasonCode, ['MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL']))
      .groupBy(billingLogs.projectId)
      .orderBy(billingLogs.projectId);
    const chargedCost = await database.db
      .select({ projectId: conversations.projectId, providerCost: num(conversations.providerAmount) })
      .from(conversations)
      .where(eq(conversations.billingStatus, 'CHARGED'))
      .groupBy(conversations.projectId)
      .orderBy(conversations.projectId);
    expect(ledger.map(({ projectId, revenue }) => ({ projectId, revenue }))).toEqual(
      rolled.filter((r) => r.charged > 0).map(({ projectId, revenue }) => ({ projectId, revenue })),
    );
    expect(ledger.map(({ projectId, providerCost }) => ({ projectId, providerCost }))).toEqual(chargedCost);
  });

  it('keeps the day rows of one project, day, category and country apart from the others', async () => {
    const [row] = await database.db
      .select({ partnerId: marginDays.partnerId, projectId: marginDays.projectId, dayDate: marginDays.dayDate })
      .from(marginDays)
      .limit(1);
    const day = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(
        and(
          eq(conversations.projectId, row!.projectId),
          sql`to_char(${conversations.startedAt} at time zone 'UTC', 'YYYY-MM-DD') = ${row!.dayDate}`,
        ),
      );
    const rolled = await database.db
      .select({ n: num(marginDays.conversations) })
      .from(marginDays)
      .where(and(eq(marginDays.projectId, row!.projectId), eq(marginDays.dayDate, row!.dayDate)));
    expect(rolled[0]!.n).toBe(day[0]!.n);
  });
});

describe('a batch of opened conversations', () => {
  const base = { partnerId: 'p', projectId: 'x', dayDate: '2026-11-01', category: 'marketing' as const, country: 'IN' };
  it('counts revenue, cost, what free ones saved and the leakage', () => {
    const batch = marginBatch();
    batch.add({ ...base, status: 'CHARGED', amount: 90_000, providerAmount: 78_000, saved: 0 });
    batch.add({ ...base, status: 'CHARGED', amount: 70_000, providerAmount: 78_000, saved: 0 });
    batch.add({ ...base, status: 'UNBILLED', amount: 90_000, providerAmount: 78_000, saved: 0 });
    batch.add({ ...base, category: 'service', status: 'FREE', amount: 0, providerAmount: 0, saved: 35_000 });
    expect(batch.rows()).toEqual([
      expect.objectContaining({
        category: 'marketing',
        conversations: 3,
        charged: 2,
        unbilled: 1,
        revenue: 160_000,
        providerCost: 234_000,
        unbilledAmount: 90_000,
        belowCost: 1,
        belowCostAmount: 8_000,
      }),
      expect.objectContaining({ category: 'service', conversations: 1, free: 1, freeSaved: 35_000, providerCost: 0 }),
    ]);
  });
});
