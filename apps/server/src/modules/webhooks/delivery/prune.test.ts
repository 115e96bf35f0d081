import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import { jobs, webhookAttempts, webhookDeliveries, webhookEvents } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import {
  clearWebhooks,
  deliveriesOf,
  deliveryModuleFor,
  demoPartner,
  emit,
  insertWebhook,
  later,
  runJobs,
} from './test-fixture.js';

let t: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  await clearWebhooks(t);
});
afterAll(() => t.close());

describe('the delivery log retention', () => {
  it('deletes events past WEBHOOK_LOG_RETENTION_DAYS with their deliveries and attempts, unless one is pending', async () => {
    const mine = await demoPartner(t, 'owner');
    const hook = await insertWebhook(t, { ...mine, url: 'https://hooks.example.com/in' });
    const start = t.clock.now.getTime();
    const eventAt = (daysAgo: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...mine,
        type: 'contact.created',
        payload: { contact: { id: `c${daysAgo}-${i}` } },
        occurredAt: new Date(start - daysAgo * DAY),
      }));
    // Three old events (31 days) and one recent (29 days), at the retention of 30 days.
    await emit(t, [...eventAt(31, 3), ...eventAt(29, 1)]);
    const rows = await deliveriesOf(t, hook.id);
    const events = await t.database.db.select().from(webhookEvents);
    const old = events.filter((e) => e.createdAt.getTime() < start - 30 * DAY).map((e) => e.id);
    const deliveryOf = (eventId: string) => rows.find((r) => r.eventId === eventId)!.id;
    const [delivered, failed, pending] = old.map(deliveryOf);
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'DELIVERED' })
      .where(
        inArray(webhookDeliveries.id, [
          delivered!,
          ...events.filter((e) => !old.includes(e.id)).map((e) => deliveryOf(e.id)),
        ]),
      );
    await t.database.db.update(webhookDeliveries).set({ status: 'FAILED' }).where(eq(webhookDeliveries.id, failed!));
    await t.database.db
      .insert(webhookAttempts)
      .values({ id: newId(), partnerId: mine.partnerId, deliveryId: failed!, attemptedAt: t.clock.now, latencyMs: 5 });
    await t.database.db.delete(jobs);

    const mod = deliveryModuleFor(t);
    await mod.ensureScheduled(t.deps.db);
    await mod.ensureScheduled(t.deps.db);
    expect(await t.database.db.select().from(jobs)).toMatchObject([{ kind: 'webhook.prune', key: 'webhook.prune' }]);
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 1, failed: 0 });

    const left = (await t.database.db.select().from(webhookEvents)).map((e) => e.id);
    expect(left.sort()).toEqual(
      events
        .map((e) => e.id)
        .filter((id) => !old.includes(id) || deliveryOf(id) === pending)
        .sort(),
    );
    expect((await deliveriesOf(t, hook.id)).map((d) => d.id)).not.toContain(failed);
    expect(
      await t.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, failed!)),
    ).toHaveLength(0);

    // The job stays, due again in an hour, its run not counted as an attempt.
    const [job] = await t.database.db.select().from(jobs);
    expect(job).toMatchObject({
      kind: 'webhook.prune',
      attempts: 0,
      lockedUntil: null,
      runAt: new Date(start + 3_600_000),
    });
    later(t, 3_599_000);
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 0, failed: 0 });
    later(t, 1_000);
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 1, failed: 0 });
  });
});
