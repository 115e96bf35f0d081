import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, webhookDeliveries, webhookEvents } from '../../platform/db/schema.js';
import { insertWebhook } from '../webhooks/delivery/test-fixture.js';
import { useChargingFixture } from './fixture.js';

const { fx, newProject, post, event } = useChargingFixture();

const eventsOf = (projectId: string) =>
  fx.t.database.db
    .select({ type: webhookEvents.type, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.projectId, projectId))
    .orderBy(webhookEvents.id);

describe('message events tell the project webhooks, in the same transaction', () => {
  it('a send is message.created and message.status.updated; later statuses are status updates', async () => {
    const p = await newProject(0);
    const hook = await insertWebhook(fx.t, {
      partnerId: fx.partnerId,
      projectId: p.id,
      url: 'https://hooks.example.com/in',
      topics: ['message.created', 'message.status.updated'],
    });
    const sent = event(p.id);
    expect((await post([sent])).status).toBe(200);
    expect((await post([{ ...sent, status: 'delivered', timestamp: '2026-11-20T10:00:05.000Z' }])).status).toBe(200);
    // A retried batch tells nothing twice.
    expect((await post([sent])).body.duplicates).toBe(1);

    const told = await eventsOf(p.id);
    expect(told.map((e) => `${e.type} ${String(e.payload.status ?? '')}`).sort()).toEqual([
      'message.created ',
      'message.status.updated delivered',
      'message.status.updated sent',
    ]);
    expect(told.find((e) => e.type === 'message.created')!.payload).toMatchObject({
      messageId: sent.messageId,
      recipient: sent.recipient,
      category: 'marketing',
      conversationId: expect.any(String),
    });
    const deliveries = await fx.t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    expect(deliveries).toHaveLength(3);
    const queued = await fx.t.database.db.execute(
      sql`select count(*)::int as n from ${jobs} where kind = 'webhook.deliver' and payload->>'deliveryId' in (select id from webhook_deliveries where webhook_id = ${hook.id})`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('only the subscribed topics, and nothing at all without a webhook', async () => {
    const quiet = await newProject(0);
    await post([event(quiet.id)]);
    expect(await eventsOf(quiet.id)).toEqual([]);

    const p = await newProject(0);
    await insertWebhook(fx.t, {
      partnerId: fx.partnerId,
      projectId: p.id,
      url: 'https://hooks.example.com/in',
      topics: ['message.status.updated'],
    });
    await post([event(p.id)]);
    expect((await eventsOf(p.id)).map((e) => e.type)).toEqual(['message.status.updated']);
  });
});
