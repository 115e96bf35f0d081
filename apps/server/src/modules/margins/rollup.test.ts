import { and, eq, inArray, ne, sql } from 'drizzle-orm';
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

describe('the margin rollup', () => {
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
      // A message that failed undelivered counts for nothing: its charge was refunded.
      .where(ne(conversations.billingStatus, 'FAILED'))
      .groupBy(conversations.projectId)
      .orderBy(conversations.projectId);
    expect(rolled.length).toBeGreaterThan(0);
    expect(rolled).toEqual(counted);

    // The ledger: every charged conversation's entry, its price and the provider's under it.
    const ledger = await database.db
      .select({
        projectId: billingLogs.projectId,
        // Charges less the refunds of messages that failed undelivered.
        revenue: num(
          sql`case when ${billingLogs.action} = 'ADD' then -${billingLogs.amount} else ${billingLogs.amount} end`,
        ),
        providerCost: num(
          sql`case when ${billingLogs.action} = 'ADD' then -${billingLogs.providerAmount} else ${billingLogs.providerAmount} end`,
        ),
      })
      .from(billingLogs)
      .where(
        inArray(billingLogs.reasonCode, [
          'MESSAGE_DELIVERY_WCC',
          'MESSAGE_DELIVERY_CENTRAL',
          'MESSAGE_DELIVERY_REFUND',
        ]),
      )
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

  it('keeps its sums per project and day, and per category, country and day, equal to the day rows', async () => {
    const q = async (text: string) => (await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] };
    const m = `sum(conversations)::int as n, sum(charged)::int as c, sum(free)::int as f, sum(unbilled)::int as u,
      sum(revenue)::float8 as r, sum(provider_cost)::float8 as p, sum(free_saved)::float8 as s, sum(unbilled_amount)::float8 as ua,
      sum(below_cost)::int as b, sum(below_cost_amount)::float8 as ba`;
    const byProject = `partner_id, project_id, day_date`;
    const byMix = `partner_id, day_date, category, country`;
    const fromDays = await q(`select ${byProject}, ${m} from margin_days group by ${byProject} order by ${byProject}`);
    expect(fromDays.rows.length).toBeGreaterThan(0);
    expect(
      (await q(`select ${byProject}, ${m} from margin_project_days group by ${byProject} order by ${byProject}`)).rows,
    ).toEqual(fromDays.rows);
    expect((await q(`select ${byMix}, ${m} from margin_mix_days group by ${byMix} order by ${byMix}`)).rows).toEqual(
      (await q(`select ${byMix}, ${m} from margin_days group by ${byMix} order by ${byMix}`)).rows,
    );
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
