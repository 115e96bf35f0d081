import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invalidPlatformKey } from '@pc/contract';
import { call, startTestApp } from '../../../test/harness.js';
import {
  analyticsDays,
  analyticsDayUsage,
  billingLogs,
  conversations,
  messageEvents,
} from '../../platform/db/schema.js';
import { makeProject } from '../../seed/businesses.js';
import { KEY, useChargingFixture } from './fixture.js';

const { fx, newProject, post, event, creditOf, centralOf, setCentral } = useChargingFixture();

describe('POST /platform/message-events: authentication and batches', () => {
  it('refuses a missing or wrong platform key with 401', async () => {
    const p = await newProject(0);
    for (const key of [null, '', 'wrong-key-wrong-key-wrong']) {
      const res = await post([event(p.id)], key);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(invalidPlatformKey);
    }
  });

  it('refuses with 401 when no platform key is configured at all', async () => {
    const other = await startTestApp();
    const res = await call(other.app, 'POST', '/platform/message-events', {
      body: { events: [event('x')] },
      headers: { 'x-platform-key': KEY },
    });
    expect(res.status).toBe(401);
    await other.close();
  });

  it('is in the OpenAPI document with its key header, body and answer', async () => {
    const doc = fx.t.app.swagger() as {
      paths: Record<
        string,
        {
          post?: {
            parameters?: { name: string; in: string }[];
            requestBody?: unknown;
            responses?: Record<string, unknown>;
          };
        }
      >;
    };
    const op = doc.paths['/platform/message-events']?.post;
    expect(op?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'x-platform-key', in: 'header' })]),
    );
    expect(op?.requestBody).toBeDefined();
    expect(op?.responses?.['200']).toBeDefined();
  });

  it('refuses an empty batch and one over 1000 events with 400', async () => {
    expect((await post([])).status).toBe(400);
    const p = await newProject(0);
    const res = await post(Array.from({ length: 1001 }, () => event(p.id)));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.stringMatching(/\S/));
  });

  it('refuses a country that is not a two-letter code with 400', async () => {
    const p = await newProject(0);
    const res = await post([event(p.id, { country: 'India' })]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A two-letter country code');
  });

  it('rejects events of unknown projects and records the rest', async () => {
    const p = await newProject(1_000_000);
    const res = await post([event('no-such-project'), event(p.id)]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accepted: 1,
      duplicates: 0,
      conversations: 1,
      rejected: [{ reason: 'Unknown project.' }],
    });
  });
});

describe('charging', () => {
  it('charges a new conversation at the partner price for the country and category, from the template credit', async () => {
    const p = await newProject(1_000_000);
    const central = await centralOf();
    const res = await post([event(p.id, { country: 'in' }), event(p.id, { country: 'BR', recipient: '5511999' })]);
    expect(res.body.conversations).toBe(2);
    // IN marketing 100000, BR falls back to default marketing 200000.
    expect(await creditOf(p.id)).toBe(1_000_000 - 100000 - 200000);
    expect(await centralOf()).toBe(central);
    const logs = await fx.t.deps.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.projectId, p.id), eq(billingLogs.reasonCode, 'MESSAGE_DELIVERY_WCC')));
    expect(logs.map((l) => l.amount).sort()).toEqual([100000, 200000]);
    // Each entry records the provider's price under the partner's (for margin reports).
    expect(logs.map((l) => l.providerAmount).sort()).toEqual([180000, 90000]);
    const convs = await fx.t.deps.db.select().from(conversations).where(eq(conversations.projectId, p.id));
    expect(
      convs.every(
        (c) => c.billingStatus === 'CHARGED' && c.balance === 'WCC' && logs.some((l) => l.id === c.billingLogId),
      ),
    ).toBe(true);
  });

  it('charges once per 24-hour window of one project, category and recipient', async () => {
    const p = await newProject(10_000_000);
    const at = (h: number) => new Date(Date.parse('2025-03-20T00:00:00Z') + h * 3600_000).toISOString();
    await post([
      event(p.id, { timestamp: at(0) }),
      event(p.id, { timestamp: at(5) }),
      event(p.id, { timestamp: at(23.9) }),
    ]);
    expect(await creditOf(p.id)).toBe(10_000_000 - 100000);
    // Another category, another recipient, and the window's end each open a new one.
    await post([
      event(p.id, { timestamp: at(1), category: 'utility' }),
      event(p.id, { timestamp: at(1), recipient: '919800000002' }),
      event(p.id, { timestamp: at(24) }),
    ]);
    expect(await creditOf(p.id)).toBe(10_000_000 - 100000 - 20000 - 100000 - 100000);
    // Delivered / read / failed never charge.
    await post([
      event(p.id, { timestamp: at(30), status: 'delivered', recipient: 'x' }),
      event(p.id, { timestamp: at(30), status: 'read', recipient: 'y' }),
    ]);
    expect(await creditOf(p.id)).toBe(10_000_000 - 320000);
  });

  it('falls back to the central balance when the template credit does not cover the price, else records it unbilled', async () => {
    const p = await newProject(50000);
    await setCentral(150000);
    await post([event(p.id, { recipient: 'a' })]);
    expect(await creditOf(p.id)).toBe(50000);
    expect(await centralOf()).toBe(50000);
    const [log] = await fx.t.deps.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.projectId, p.id), eq(billingLogs.reasonCode, 'MESSAGE_DELIVERY_CENTRAL')));
    expect(log).toMatchObject({ balance: 'CENTRAL', action: 'SUBTRACT', amount: 100000, balanceAfter: 50000 });
    // Neither covers 100000: nothing is debited, nothing goes below zero.
    await post([event(p.id, { recipient: 'b' })]);
    expect(await creditOf(p.id)).toBe(50000);
    expect(await centralOf()).toBe(50000);
    const [unbilled] = await fx.t.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.projectId, p.id), eq(conversations.recipient, 'b')));
    expect(unbilled).toMatchObject({ billingStatus: 'UNBILLED', amount: 100000, balance: null, billingLogId: null });
    await setCentral(100_000_000);
  });

  it("service conversations are free from 1 November 2024 (12 am in the business's time zone, Asia/Calcutta) and charged before", async () => {
    const p = await newProject(1_000_000);
    await post([event(p.id, { category: 'service', initiator: 'user', timestamp: '2024-10-31T18:30:00Z' })]);
    expect(await creditOf(p.id)).toBe(1_000_000);
    await post([
      event(p.id, { category: 'service', initiator: 'user', recipient: 'z', timestamp: '2024-10-31T18:29:59Z' }),
    ]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 40000);
  });

  it('a project without a WCC family records its conversations unbilled', async () => {
    const p = await makeProject(fx.t.deps.db, {
      partnerId: fx.partnerId,
      businessId: fx.businessId,
      name: 'No family',
      openingCredit: 1_000_000,
    });
    const res = await post([event(p.id)]);
    expect(res.body.conversations).toBe(1);
    expect(await creditOf(p.id)).toBe(1_000_000);
    const [c] = await fx.t.deps.db.select().from(conversations).where(eq(conversations.projectId, p.id));
    expect(c!.billingStatus).toBe('UNBILLED');
  });
});

describe('idempotency', () => {
  it('the same batch twice charges once and counts once', async () => {
    const p = await newProject(5_000_000);
    const batch = [
      event(p.id),
      event(p.id, { status: 'delivered' }),
      event(p.id, { category: 'utility', recipient: 'q' }),
    ];
    const first = await post(batch);
    const second = await post(batch);
    expect(first.body).toMatchObject({ accepted: 3, duplicates: 0, conversations: 2 });
    expect(second.body).toMatchObject({ accepted: 0, duplicates: 3, conversations: 0 });
    expect(await creditOf(p.id)).toBe(5_000_000 - 100000 - 20000);
    const [day] = await fx.t.deps.db.select().from(analyticsDays).where(eq(analyticsDays.projectId, p.id));
    expect(day).toMatchObject({ sentChatCount: 2, deliveredChatCount: 1, readChatCount: 0, failedChatCount: 0 });
  });
  it('an event twice in one batch counts once, and each sent message names its conversation', async () => {
    const p = await newProject(5_000_000);
    const e1 = event(p.id, { recipient: 'dup' });
    const e2 = event(p.id, { recipient: 'dup', timestamp: '2025-03-20T11:00:00.000Z' });
    const res = await post([e1, e1, e2]);
    expect(res.body).toMatchObject({ accepted: 2, duplicates: 1, conversations: 1 });
    expect(await creditOf(p.id)).toBe(5_000_000 - 100000);
    const rows = await fx.t.deps.db.select().from(messageEvents).where(eq(messageEvents.projectId, p.id));
    const [conv] = await fx.t.deps.db.select().from(conversations).where(eq(conversations.projectId, p.id));
    expect(rows.map((r) => r.conversationId)).toEqual([conv!.id, conv!.id]);
  });
});

describe('analytics day rows', () => {
  it('match the events: chat counts per day and usage per variant, metric and country', async () => {
    const p = await newProject(150000);
    await setCentral(100_000_000);
    await post([
      event(p.id, { timestamp: '2025-03-18T08:00:00Z' }), // IN marketing 100000 from template credit
      event(p.id, { timestamp: '2025-03-18T09:00:00Z', recipient: 'r2' }), // credit 50000 left: central
      event(p.id, { timestamp: '2025-03-18T09:00:00Z', status: 'failed', recipient: 'r9' }),
      event(p.id, { timestamp: '2025-03-19T01:00:00Z', status: 'read', recipient: 'r3' }),
      event(p.id, {
        timestamp: '2025-03-19T02:00:00Z',
        country: 'US',
        category: 'utility',
        initiator: 'user',
        recipient: 'r4',
      }), // default: no uc, uic 30000, from the 50000 credit left
    ]);
    const days = await fx.t.deps.db
      .select()
      .from(analyticsDays)
      .where(eq(analyticsDays.projectId, p.id))
      .orderBy(analyticsDays.dayDate);
    expect(
      days.map((d) => [d.dayDate, d.sentChatCount, d.deliveredChatCount, d.readChatCount, d.failedChatCount]),
    ).toEqual([
      ['2025-03-18', 2, 0, 0, 1],
      ['2025-03-19', 1, 0, 1, 0],
    ]);
    const usage = await fx.t.deps.db.select().from(analyticsDayUsage).where(eq(analyticsDayUsage.projectId, p.id));
    const rows = usage
      .map((u) => `${u.dayDate} ${u.variant} ${u.metric} ${u.country} ${u.count} ${u.creditUsage}`)
      .sort();
    expect(rows).toEqual(
      [
        '2025-03-18 TemplateCredit bic IN 1 100000',
        '2025-03-18 TemplateCredit mc IN 1 100000',
        '2025-03-18 CentralBalance bic IN 1 100000',
        '2025-03-18 CentralBalance mc IN 1 100000',
        '2025-03-19 TemplateCredit uic US 1 30000',
        '2025-03-19 TemplateCredit uc US 1 30000',
      ].sort(),
    );
  });
});
