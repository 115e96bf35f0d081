import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDayRow, MarginResponse, WccAnalyticsResponse } from '@pc/contract';
import { csvRecords } from '../../../test/csv.js';
import { call, signInAs } from '../../../test/harness.js';
import { useChargingFixture } from './fixture.js';

/**
 * A project's history across Meta's switch from conversations (CBP) to messages (PMP) at 12 am on
 * 1 July 2025 in the business's time zone (Asia/Calcutta, UTC+05:30: 2025-06-30T18:30:00Z), posted
 * as the platform posts it and read back through Analytics, the margin report and the CSV reports.
 * Prices (fixture.ts, INR in 1/100000): IN marketing 90000 provider + 10000 margin = 100000 (1.00);
 * IN utility 15000 + 5000 = 20000 (0.20); IN service 40000 + 0 = 40000 (0.40), free since
 * 1 November 2024. Analytics and margin days are UTC days (docs/charging.md).
 */
const { fx, newProject, post, postInbound, event, creditOf } = useChargingFixture();

const R = { a: '919800000011', service: '919800000012', midnight: '919800000013', window: '919800000014' };
const FAIL = '919800000015';
let project: { id: string; name: string };
let owner: string;

const sent = (over: Parameters<typeof event>[1]) => event(project.id, over);
const later = (e: ReturnType<typeof event>, status: 'delivered' | 'read' | 'failed', timestamp: string) => ({
  ...e,
  status,
  timestamp,
});

beforeAll(async () => {
  owner = await signInAs(fx.t.app, 'owner');
  project = await newProject(10_000_000);
  // 30 June 2025 IST: conversation-based pricing.
  const a1 = sent({ recipient: R.a, timestamp: '2025-06-30T04:30:00.000Z' }); // 10:00 IST
  const a2 = sent({ recipient: R.a, timestamp: '2025-06-30T05:30:00.000Z' }); // 11:00 IST: a1's conversation
  const service = sent({
    recipient: R.service,
    category: 'service',
    initiator: 'user',
    timestamp: '2025-06-30T06:00:00.000Z',
  });
  const beforeMidnight = sent({ recipient: R.midnight, timestamp: '2025-06-30T18:29:00.000Z' }); // 23:59 IST, CBP
  const afterMidnight = sent({ recipient: R.midnight, timestamp: '2025-06-30T18:31:00.000Z' }); // 00:01 IST 1 July, PMP
  const first = await post([
    a1,
    later(a1, 'delivered', '2025-06-30T04:31:00.000Z'),
    a2,
    service,
    beforeMidnight,
    afterMidnight,
  ]);
  expect(first.body).toMatchObject({ accepted: 6, duplicates: 0, conversations: 3, messages: 1 });

  // 1 July 2025 IST: per-message pricing.
  expect((await postInbound(project.id, '2025-07-01T06:00:00.000Z', { from: R.window })).body).toMatchObject({
    inbound: 1,
  });
  const b1 = sent({ recipient: R.a, timestamp: '2025-07-01T04:30:00.000Z' });
  const b2 = sent({ recipient: R.a, timestamp: '2025-07-01T05:30:00.000Z' }); // same recipient: charged again
  const utility = sent({ recipient: R.window, category: 'utility', timestamp: '2025-07-01T06:30:00.000Z' }); // in the window
  const doomed = sent({ recipient: FAIL, timestamp: '2025-07-01T07:00:00.000Z' });
  const second = await post([
    b1,
    later(b1, 'delivered', '2025-07-01T04:31:00.000Z'),
    later(b1, 'read', '2025-07-01T04:40:00.000Z'),
    b2,
    utility,
    doomed,
  ]);
  expect(second.body).toMatchObject({ accepted: 6, duplicates: 0, conversations: 0, messages: 4 });
  // The failure comes in its own webhook, after the message was charged: refunded.
  expect((await post([later(doomed, 'failed', '2025-07-01T07:05:00.000Z')])).body).toMatchObject({ accepted: 1 });
  // Charged: 2 conversations (a1+a2, beforeMidnight) + 3 messages (afterMidnight, b1, b2) = 5 x 1.00.
  expect(await creditOf(project.id)).toBe(10_000_000 - 5 * 100_000);
});

/** A day row with only the metrics it counts (the rest are all zero). */
const counted = (row: AnalyticsDayRow | undefined) =>
  row &&
  Object.fromEntries(
    Object.entries(row).filter(([, v]) => typeof v !== 'object' || v.count !== 0 || v.creditUsage !== 0),
  );
const metric = (count: number, creditUsage: number) => ({
  count,
  creditUsage,
  creditUsageCountryWise: { IN: { count, amount: creditUsage } },
});

describe('a history across the switch to per-message pricing, read back as a user would', () => {
  it('Analytics (partner and project): each UTC day’s counts and credit usage', async () => {
    const expected = [
      {
        // UTC 30 June: a1 a2 service beforeMidnight afterMidnight sent, a1 delivered.
        dayDate: '2025-06-30',
        sentChatCount: 5,
        deliveredChatCount: 1,
        readChatCount: 0,
        failedChatCount: 0,
        receivedChatCount: 0,
        // Charged from the template credit: conversation a1(+a2), conversation beforeMidnight, and
        // afterMidnight (18:31 UTC is 1 July in IST, a PMP message, but 30 June as a UTC day):
        // 3 units, 3 x 100000 = 300000, under the initiator (bic) and the category (mc) metric.
        bicTemplateCredit: metric(3, 300_000),
        mcTemplateCredit: metric(3, 300_000),
        // The service conversation: free (since 1 November 2024), counted with usage 0.
        uicCentralBalance: metric(1, 0),
        scCentralBalance: metric(1, 0),
      },
      {
        // UTC 1 July: b1 b2 utility doomed sent; b1 delivered and read; doomed failed.
        dayDate: '2025-07-01',
        sentChatCount: 4,
        deliveredChatCount: 1,
        readChatCount: 1,
        failedChatCount: 1,
        // The user's message at 06:00 that opened the window: received, service traffic.
        receivedChatCount: 1,
        // b1, b2 and doomed charged (3 x 100000), doomed refunded (-1, -100000): 2 units, 200000.
        bicTemplateCredit: metric(2, 200_000),
        mcTemplateCredit: metric(2, 200_000),
        // The utility template in the window opened by the user's message at 06:00: free.
        bicCentralBalance: metric(1, 0),
        ucCentralBalance: metric(1, 0),
      },
    ];
    const range = 'startDate=2025-06-29&endDate=2025-07-02';
    for (const query of [`${range}&projectId=${project.id}`, range]) {
      const res = await call<WccAnalyticsResponse>(fx.t.app, 'GET', `/partner/:partnerId/wcc-analytics?${query}`, {
        token: owner,
      });
      expect(res.status).toBe(200);
      expect(res.body.wccAnalytics.map(counted)).toEqual(expected);
    }
  });

  it('the margin report: units counted, provider cost, partner price and margin, the refunded message taken out', async () => {
    const margins = async (startDate: string, endDate: string) => {
      const res = await call<MarginResponse>(
        fx.t.app,
        'GET',
        `/api/margins?startDate=${startDate}&endDate=${endDate}&groupBy=project`,
        { token: owner },
      );
      expect(res.status).toBe(200);
      return res.body.rows.find((r) => r.key === project.id);
    };
    const none = { unbilled: 0, unbilledAmount: 0, belowCost: 0, belowCostAmount: 0 };
    // UTC 30 June: a1(+a2) and beforeMidnight conversations, afterMidnight message: 3 charged,
    // revenue 3 x 100000 = 300000, provider 3 x 90000 = 270000, margin 30000 (10.0 %); the service
    // conversation free, no provider cost, 40000 saved. 4 units.
    expect(await margins('2025-06-30', '2025-06-30')).toMatchObject({
      ...{ conversations: 4, charged: 3, free: 1, revenue: 300_000, providerCost: 270_000 },
      ...{ grossMargin: 30_000, marginPercent: 10, freeSaved: 40_000, ...none },
    });
    // UTC 1 July: b1, b2 charged (200000, provider 180000); the utility template free (20000
    // saved); doomed counted then taken back out of every figure. 3 units.
    expect(await margins('2025-07-01', '2025-07-01')).toMatchObject({
      ...{ conversations: 3, charged: 2, free: 1, revenue: 200_000, providerCost: 180_000 },
      ...{ grossMargin: 20_000, marginPercent: 10, freeSaved: 20_000, ...none },
    });
    // The period: 7 units, 5 charged, revenue 500000, provider 450000, margin 50000 (10.0 %), 60000 saved.
    expect(await margins('2025-06-30', '2025-07-01')).toEqual({
      key: project.id,
      label: project.name,
      ...{ conversations: 7, charged: 5, free: 2, revenue: 500_000, providerCost: 450_000 },
      ...{ grossMargin: 50_000, marginPercent: 10, freeSaved: 60_000, ...none },
    });

    // The CSV export: one line per UTC day, category and country, money in rupees.
    const csv = await fx.t.app.inject({
      method: 'POST',
      url: '/api/margins/report',
      headers: { authorization: `Bearer ${owner}` },
      payload: { startDate: '2025-06-30', endDate: '2025-07-01' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csvRecords(csv.body)
      .filter((l) => l.projectId === project.id)
      .map((l) => [
        l.day,
        l.category,
        l.conversations,
        l.charged,
        l.free,
        l.revenue,
        l.providerCost,
        l.grossMargin,
        l.freeSaved,
      ]);
    expect(lines).toEqual([
      ['2025-06-30', 'marketing', '3', '3', '0', '3.00', '2.70', '0.30', '0.00'],
      ['2025-06-30', 'service', '1', '0', '1', '0.00', '0.00', '0.00', '0.40'],
      ['2025-07-01', 'marketing', '2', '2', '0', '2.00', '1.80', '0.20', '0.00'],
      ['2025-07-01', 'utility', '1', '0', '1', '0.00', '0.00', '0.00', '0.20'],
    ]);
  });

  it('the conversation report lists the CBP conversations and the PMP messages, the refunded one FAILED', async () => {
    const res = await fx.t.app.inject({
      method: 'POST',
      url: `/partner/:partnerId/project/${project.id}/project-convo-report`,
      headers: { authorization: `Bearer ${owner}`, accept: 'text/csv' },
      payload: { startDate: '2025-06-30', endDate: '2025-07-01' },
    });
    expect(res.statusCode).toBe(200);
    const lines = csvRecords(res.body).map((l) => [
      ...[l.category, l.initiator, l.recipient, l.countryCode, l.billingStatus, l.chargedTo, l.amount, l.createdAt],
    ]);
    expect(lines).toEqual([
      // CBP: one line per conversation (a2 joins a1's), whatever its messages.
      ['marketing', 'business', R.a, 'IN', 'CHARGED', 'TemplateCredit', '1.00', '2025-06-30T04:30:00.000Z'],
      ['service', 'user', R.service, 'IN', 'FREE', '', '0.00', '2025-06-30T06:00:00.000Z'],
      ['marketing', 'business', R.midnight, 'IN', 'CHARGED', 'TemplateCredit', '1.00', '2025-06-30T18:29:00.000Z'],
      // PMP: one line per message, the second to the same recipient within 24 hours its own.
      ['marketing', 'business', R.midnight, 'IN', 'CHARGED', 'TemplateCredit', '1.00', '2025-06-30T18:31:00.000Z'],
      ['marketing', 'business', R.a, 'IN', 'CHARGED', 'TemplateCredit', '1.00', '2025-07-01T04:30:00.000Z'],
      ['marketing', 'business', R.a, 'IN', 'CHARGED', 'TemplateCredit', '1.00', '2025-07-01T05:30:00.000Z'],
      ['utility', 'business', R.window, 'IN', 'FREE', '', '0.00', '2025-07-01T06:30:00.000Z'],
      // Refunded: no balance holds it any more; its price is kept, as an unbilled one's is.
      ['marketing', 'business', FAIL, 'IN', 'FAILED', '', '1.00', '2025-07-01T07:00:00.000Z'],
    ]);
  });

  it('the billing report (ledger CSV) holds each charge, conversation or message, and the refund', async () => {
    // Posted live (not replayed): the ledger dates its entries when the money moved, today.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const res = await fx.t.app.inject({
      method: 'POST',
      url: `/partner/:partnerId/partner-billing-report?assistantId=${project.id}`,
      headers: { authorization: `Bearer ${owner}`, accept: 'text/csv' },
      payload: {
        startDate: yesterday,
        endDate: today,
        selectedReasonCodes: ['MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL', 'MESSAGE_DELIVERY_REFUND'],
      },
    });
    expect(res.statusCode).toBe(200);
    const lines = csvRecords(res.body).map((l) => [l.reasonCode, l.action, l.amount, l.message]);
    const charge = (unit: string) => ['MESSAGE_DELIVERY_WCC', 'SUBTRACT', '1.00', `Marketing ${unit} (IN)`];
    expect(lines.sort()).toEqual(
      [
        ...[charge('conversation'), charge('conversation')], // a1(+a2), beforeMidnight
        ...[charge('message'), charge('message'), charge('message'), charge('message')], // afterMidnight, b1, b2, doomed
        ['MESSAGE_DELIVERY_REFUND', 'ADD', '1.00', 'Marketing message failed (IN): refunded'], // doomed
      ].sort(),
    );
    // 6 x 1.00 taken - 1.00 given back = 5.00: the margin report's revenue for the period.
    const net = lines.reduce((n, [, action, amount]) => n + (action === 'ADD' ? -1 : 1) * Number(amount), 0);
    expect(net).toBe(5);
  });
});

describe('a status reported after the switch of a message sent before it', () => {
  // Bug: ingest.ts picks a message's model from its first status in the batch, so a delivered
  // status at 00:15 IST 1 July of a message sent at 23:30 IST 30 June (posted in a later webhook,
  // as Meta sends them) is priced as a PMP message, on top of the CBP conversation it opened.
  // docs/charging.md: "Else the model in force when the message was sent".
  it('charges nothing more: the conversation it opened was its charge', async () => {
    const p = await newProject(1_000_000);
    const s = event(p.id, { recipient: '919800000021', timestamp: '2025-06-30T18:00:00.000Z' }); // 23:30 IST
    expect((await post([s])).body).toMatchObject({ conversations: 1, messages: 0 });
    expect(await creditOf(p.id)).toBe(1_000_000 - 100_000);
    const res = await post([{ ...s, status: 'delivered', timestamp: '2025-06-30T18:45:00.000Z' }]); // 00:15 IST
    // One conversation, 1.00: nothing more (the product takes a second 1.00, leaving 800000).
    expect(await creditOf(p.id)).toBe(1_000_000 - 100_000);
    expect(res.body).toMatchObject({ accepted: 1, conversations: 0, messages: 0 });
  });
});
