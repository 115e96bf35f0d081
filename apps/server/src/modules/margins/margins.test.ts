import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { marginReportColumns, type MarginResponse } from '@pc/contract';
import { csvRecords, parseCsv } from '../../../test/csv.js';
import { call, signInAs } from '../../../test/harness.js';
import { billingLogs, partners } from '../../platform/db/schema.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { useChargingFixture } from '../charging/fixture.js';
import { marginCsv } from './margin-report.js';

const { fx, newProject, post, event, setCentral } = useChargingFixture();

const text = async (stream: AsyncIterable<string | Buffer>) => {
  let all = '';
  for await (const chunk of stream) all += chunk.toString();
  return all;
};

const margins = (query: string, token: string) =>
  call<MarginResponse & { message?: string }>(fx.t.app, 'GET', `/api/margins?${query}`, { token });

const today = () => fx.t.clock.now.toISOString().slice(0, 10);

/** What the ledger took for conversations from a partner's balances (its MESSAGE_DELIVERY entries). */
const deliveryCodes = ['MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL', 'MESSAGE_DELIVERY_REFUND'];
const signed = (column: typeof billingLogs.amount) =>
  sql`case when ${billingLogs.action} = 'ADD' then -${column} else ${column} end`;
const ledgerRevenue = async (partnerId: string) =>
  Number(
    (
      await fx.t.deps.db
        // Charges less the refunds of messages that failed undelivered.
        .select({ s: sql<string>`coalesce(sum(${signed(billingLogs.amount)}), 0)` })
        .from(billingLogs)
        .where(and(eq(billingLogs.partnerId, partnerId), inArray(billingLogs.reasonCode, deliveryCodes)))
    )[0]!.s,
  );

describe('GET /api/margins', () => {
  it("gives one project's day its revenue, provider cost, margin, free conversations and leakage", async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    const project = await newProject(150_000);
    await setCentral(0);
    const at = (minute: number) => `2025-09-10T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await post([
      // IN marketing: 1.00 to the client over 0.90 from the provider, paid from the credit.
      event(project.id, { recipient: '919800000101', timestamp: at(1) }),
      // Service: free from November 2024 to September 2026; it would have cost 0.40.
      event(project.id, { recipient: '919800000102', category: 'service', initiator: 'user', timestamp: at(2) }),
      // A second marketing one: the credit (0.50 left) does not cover it, nor the central balance.
      event(project.id, { recipient: '919800000103', timestamp: at(3) }),
    ]);
    const answer = await margins('startDate=2025-09-10&endDate=2025-09-10&groupBy=project', owner);
    expect(answer.status).toBe(200);
    const row = answer.body.rows.find((r) => r.key === project.id);
    expect(row).toEqual({
      key: project.id,
      label: project.name,
      conversations: 3,
      charged: 1,
      free: 1,
      unbilled: 1,
      revenue: 100_000,
      providerCost: 180_000,
      grossMargin: -80_000,
      marginPercent: -80,
      freeSaved: 40_000,
      unbilledAmount: 100_000,
      belowCost: 0,
      belowCostAmount: 0,
    });
    const byCategory = await margins('startDate=2025-09-10&endDate=2025-09-10&groupBy=category', owner);
    expect(byCategory.body.rows.map((r) => r.key).sort()).toEqual(
      [...new Set(byCategory.body.rows.map((r) => r.key))].sort(),
    );
    // The CSV export: the same day's lines, written by the database, adding up to the same figures.
    const csv = await fx.t.app.inject({
      method: 'POST',
      url: '/api/margins/report',
      headers: { authorization: `Bearer ${owner}` },
      payload: { startDate: '2025-09-10', endDate: '2025-09-10' },
    });
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body)[0]).toEqual([...marginReportColumns]);
    const lines = csvRecords(csv.body);
    expect(lines.filter((l) => l.projectId === project.id)).toEqual([
      expect.objectContaining({
        day: '2025-09-10',
        projectName: project.name,
        category: 'marketing',
        country: 'IN',
        conversations: '2',
        charged: '1',
        unbilled: '1',
        revenue: '1.00',
        providerCost: '1.80',
        grossMargin: "'-0.80",
        unbilledAmount: '1.00',
      }),
      expect.objectContaining({ category: 'service', free: '1', freeSaved: '0.40', revenue: '0.00' }),
    ]);
    // The embedded database copies in batches along the day-and-row keyset: one line a batch, the same file.
    const agent = { partnerId: fx.partnerId, isReferral: false } as AgentViewer;
    const oneByOne = await text(
      await marginCsv(fx.t.deps, agent, { startDate: '2025-09-10', endDate: '2025-09-10' }, 1),
    );
    expect(oneByOne).toBe(csv.body);

    // Counts add up exactly (money is rounded to the cent line by line).
    const sum = (column: string) => lines.reduce((n, l) => n + Number(l[column]), 0);
    expect(sum('conversations')).toBe(answer.body.totals.conversations);
    expect(sum('unbilled')).toBe(answer.body.totals.unbilled);
    expect(Math.abs(sum('revenue') * 100_000 - answer.body.totals.revenue)).toBeLessThanOrEqual(lines.length * 500);

    // Every grouping adds up to the same totals.
    for (const groupBy of ['business', 'project', 'category', 'country'])
      expect((await margins(`startDate=2025-09-10&endDate=2025-09-10&groupBy=${groupBy}`, owner)).body.totals).toEqual(
        answer.body.totals,
      );
  });

  it('reconciles its revenue with the ledger over every day, and shows a partner only its own', async () => {
    const all = `startDate=2023-04-25&endDate=${today()}`;
    for (const [who, name] of [
      ['owner', 'Acme Messaging'],
      ['direct', 'Direct Retail'],
    ] as const) {
      const [partner] = await fx.t.deps.db.select().from(partners).where(eq(partners.name, name));
      const answer = await margins(all, await signInAs(fx.t.app, who));
      expect(answer.status).toBe(200);
      expect(answer.body.currency).toBe(partner!.currency);
      expect(answer.body.totals.revenue).toBe(await ledgerRevenue(partner!.id));
      expect(answer.body.rows.reduce((n, r) => n + r.revenue, 0)).toBe(answer.body.totals.revenue);
    }
  });

  it('refuses a range it cannot answer with the reason, and a referral user', async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    expect((await margins('startDate=2026-11-21&endDate=2026-11-20', owner)).body.message).toBe(
      'The start date must not be after the end date',
    );
    expect((await margins('startDate=2023-01-01&endDate=2023-05-01', owner)).body.message).toBe(
      'Margins start on 25 April 2023',
    );
    expect((await margins('startDate=2026-13-01&endDate=2026-13-02', owner)).status).toBe(400);
    expect((await margins(`startDate=2026-11-01&endDate=2026-11-02&groupBy=planet`, owner)).status).toBe(400);
    const csv = await fx.t.app.inject({
      method: 'POST',
      url: '/api/margins/report',
      headers: { authorization: `Bearer ${owner}` },
      payload: { startDate: '2026-11-21', endDate: '2026-11-20' },
    });
    expect(csv.statusCode).toBe(400);
    expect(
      (await margins('startDate=2026-11-01&endDate=2026-11-02', await signInAs(fx.t.app, 'referral'))).status,
    ).toBe(403);
  });
});
