import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/ids.js';
import { templates, webhookDeliveries, webhookEvents } from '../../platform/db/schema.js';
import { billablePricing } from '../../providers/meta/accounts/meta-payloads.js';
import { ingestMessages } from '../charging/ingest.js';
import { dayOf } from '../charging/price.js';
import { DELIVER_JOB } from '../webhooks/delivery/kinds.js';
import { insertWebhook, startReceiver, type Receiver } from '../webhooks/delivery/test-fixture.js';
import { clearHooks } from '../webhooks/test-fixture.js';
import {
  balances,
  billingLog,
  clearOtherJobs,
  conversationsWith,
  dayCounts,
  eventsOf,
  message,
  runStatusJobs,
  startProjectApi,
  type Api,
} from './test-fixture.js';

/**
 * A send through the project API and what follows, as for the platform's own events: the 'sent'
 * event and its conversation's charge at once, the sandbox's delivered and read later through the
 * jobs table, the analytics day counts, and the project's webhooks told of each.
 */
let a: Api;
let receiver: Receiver;
let secret = '';
let hookId = '';
beforeAll(async () => {
  a = await startProjectApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', META_SANDBOX_MESSAGE_DELAY_MS: '2000' });
  receiver = await startReceiver(
    () => secret,
    () => a.t.clock.now,
  );
});
afterAll(async () => {
  await receiver.close();
  await a.t.close();
});
beforeEach(async () => {
  await clearOtherJobs(a);
  await clearHooks(a.t, a.metro.id);
  const hook = await insertWebhook(a.t, {
    partnerId: a.metro.partnerId,
    projectId: a.metro.id,
    url: receiver.url,
    topics: ['message.status.updated', 'contact.created'],
  });
  [secret, hookId] = [hook.secret, hook.id];
});

const typesTold = async () =>
  (
    await a.t.database.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookDeliveries)
      .innerJoin(
        webhookEvents,
        and(eq(webhookEvents.id, webhookDeliveries.eventId), eq(webhookEvents.partnerId, webhookDeliveries.partnerId)),
      )
      .where(eq(webhookDeliveries.webhookId, hookId))
      .orderBy(webhookEvents.createdAt, webhookEvents.id)
  ).map((e) => `${e.type}${e.payload.status ? `:${String(e.payload.status)}` : ''}`);

describe('a send', () => {
  it('is accepted, charged at once, then delivered and read; analytics count each and webhooks hear of each', async () => {
    const day = dayOf(a.t.clock.now);
    const [before, counted] = [await balances(a), await dayCounts(a, day)];
    const res = await a.send(message('919876500001'));
    expect(res).toMatchObject({ status: 202, body: { status: 'accepted' } });
    const messageId = String(res.body.messageId);
    expect(messageId).toMatch(/^wamid\./);

    // At once: the sent event, its conversation charged to the project's template credit.
    expect((await eventsOf(a, messageId)).map((e) => e.status)).toEqual(['sent']);
    const [conversation] = await conversationsWith(a, '919876500001');
    expect(conversation).toMatchObject({
      category: 'utility',
      country: 'IN',
      billingStatus: 'CHARGED',
      balance: 'WCC',
    });
    expect(conversation!.amount).toBeGreaterThan(0);
    const log = await billingLog(a, conversation!.billingLogId!);
    expect(log).toMatchObject({
      reasonCode: 'MESSAGE_DELIVERY_WCC',
      amount: conversation!.amount,
      projectId: a.metro.id,
    });
    expect(await balances(a)).toEqual({ credit: before.credit - conversation!.amount, central: before.central });

    // The sandbox's own 'sent' report changes nothing; delivered after 2 s, read after 8 s.
    expect((await runStatusJobs(a, 0)).ran).toBe(1);
    expect((await eventsOf(a, messageId)).map((e) => e.status)).toEqual(['sent']);
    expect((await runStatusJobs(a, 1999)).ran).toBe(0);
    expect((await runStatusJobs(a, 1)).ran).toBe(1);
    expect((await eventsOf(a, messageId)).map((e) => e.status)).toEqual(['sent', 'delivered']);
    expect((await runStatusJobs(a, 6000)).ran).toBe(1);
    const events = await eventsOf(a, messageId);
    expect(events.map((e) => e.status)).toEqual(['sent', 'delivered', 'read']);
    expect(events.every((e) => e.projectId === a.metro.id && e.recipient === '919876500001')).toBe(true);
    expect(events[2]!.occurredAt.getTime() - events[0]!.occurredAt.getTime()).toBe(8000);
    // The sandbox's statuses carry Meta's pricing object as Meta's do (the status webhook reference:
    // on sent and on delivered or read); the send's own 'sent' came first, so delivered brings it.
    const word = billablePricing('utility');
    expect(events.map((e) => e.pricing)).toEqual([null, word, null]);
    expect((await conversationsWith(a, '919876500001'))[0]).toMatchObject({
      metaPricing: word,
      billingStatus: 'CHARGED',
    });

    expect(await dayCounts(a, day)).toEqual({
      sent: counted.sent + 1,
      delivered: counted.delivered + 1,
      read: counted.read + 1,
    });
    expect(await conversationsWith(a, '919876500001')).toHaveLength(1);

    // The contact and the sent status happen at the same instant: their order is not told.
    expect((await typesTold()).sort()).toEqual([
      'contact.created',
      'message.status.updated:delivered',
      'message.status.updated:read',
      'message.status.updated:sent',
    ]);
    await runStatusJobs(a, 0, { [DELIVER_JOB]: a.t.app.jobHandlers[DELIVER_JOB]! });
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const told = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: object });
    expect(told.find((e) => e.type === 'contact.created')!.data).toEqual({
      projectId: a.metro.id,
      contact: { id: expect.stringMatching(/^ct_[0-9a-f]{16}$/), phone: '919876500001' },
      source: 'API',
      timestamp: events[0]!.occurredAt.toISOString(),
    });
  });

  it('to a number it already sent to is charged again (Meta prices each message): no second contact.created', async () => {
    const before = await balances(a);
    const res = await a.send(message('919876500001'));
    expect(res.status).toBe(202);
    const priced = await conversationsWith(a, '919876500001');
    expect(priced.map((c) => [c.pricingModel, c.billingStatus])).toEqual([
      ['PMP', 'CHARGED'],
      ['PMP', 'CHARGED'],
    ]);
    expect((await balances(a)).credit).toBe(before.credit - priced[1]!.amount);
    expect(await typesTold()).toEqual(['message.status.updated:sent']);
  });

  it('to a user who wrote first: no second contact.created (the contact is known from their message)', async () => {
    const user = '919876500077';
    await ingestMessages(a.t.database.db, {
      events: [],
      inbound: [
        {
          messageId: `wamid.wrote-first-${newId()}`,
          projectId: a.metro.id,
          from: user,
          country: 'IN',
          timestamp: new Date(a.t.clock.now.getTime() - 60_000).toISOString(),
        },
      ],
    });
    // Their message told contact.created (source WHATSAPP); the send tells no second one.
    expect(await typesTold()).toEqual(['contact.created']);
    expect((await a.send(message(user))).status).toBe(202);
    expect(await typesTold()).toEqual(['contact.created', 'message.status.updated:sent']);
  });

  it('of another category to the same number is charged at its own category’s price', async () => {
    const before = await balances(a);
    const res = await a.send(
      message('919876500001', { name: 'login_code', language: 'en_US', parameters: ['482913'] }),
    );
    expect(res.status).toBe(202);
    const opened = await conversationsWith(a, '919876500001');
    expect(opened.map((c) => c.category).sort()).toEqual(['authentication', 'utility', 'utility']);
    const auth = opened.find((c) => c.category === 'authentication')!;
    expect((await balances(a)).credit).toBe(before.credit - auth.amount);
  });

  it('finds the approved template when a draft shares its name and language', async () => {
    const draftId = newId();
    await a.t.database.db.insert(templates).values({
      id: draftId,
      partnerId: a.metro.partnerId,
      projectId: a.metro.id,
      name: 'appointment_reminder',
      language: 'en',
      status: 'DRAFT',
    });
    try {
      expect((await a.send(message('919876500077'))).status).toBe(202);
    } finally {
      await a.t.database.db.delete(templates).where(eq(templates.id, draftId));
    }
  });
});

describe("the sandbox's scenarios, by the number's last digits", () => {
  it('131026: sent (and charged), then failed, never delivered: refunded', async () => {
    const res = await a.send(message('919876131026'));
    expect(res.status).toBe(202);
    await runStatusJobs(a, 0);
    await runStatusJobs(a, 10_000);
    expect((await eventsOf(a, String(res.body.messageId))).map((e) => e.status)).toEqual(['sent', 'failed']);
    expect(await conversationsWith(a, '919876131026')).toMatchObject([{ billingStatus: 'FAILED', balance: null }]);
  });

  it('000000: delivered, never read', async () => {
    const res = await a.send(message('919876000000'));
    await runStatusJobs(a, 0);
    await runStatusJobs(a, 60_000);
    expect((await eventsOf(a, String(res.body.messageId))).map((e) => e.status)).toEqual(['sent', 'delivered']);
  });
});
