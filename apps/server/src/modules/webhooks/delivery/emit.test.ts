import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import type { DbOrTx } from '../../../platform/db/open.js';
import { jobs, projects, webhookDeliveries, webhookEvents } from '../../../platform/db/schema.js';
import { emitWebhookEvents, type WebhookEventInput } from './emit.js';
import { newEventId } from './ids.js';
import { clearWebhooks, demoPartner, insertWebhook } from './test-fixture.js';

let t: TestContext;
let partnerId: string;
let projectId: string;
let otherProject: string;
let foreign: { partnerId: string; projectId: string };

beforeAll(async () => {
  t = await startTestApp();
  ({ partnerId, projectId } = await demoPartner(t, 'owner'));
  const mine = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.partnerId, partnerId));
  otherProject = mine.find((p) => p.id !== projectId)!.id;
  foreign = await demoPartner(t, 'direct');
});
afterAll(() => t.close());
beforeEach(() => clearWebhooks(t));

const sizes = async () => ({
  events: (await t.database.db.select({ n: count() }).from(webhookEvents))[0]!.n,
  deliveries: (await t.database.db.select({ n: count() }).from(webhookDeliveries))[0]!.n,
  jobs: (await t.database.db.select({ n: count() }).from(jobs))[0]!.n,
});

/** Emits in a transaction, counting the statements the outbox sends. */
const emitCounting = (events: WebhookEventInput[]) =>
  t.database.db.transaction(async (tx) => {
    let statements = 0;
    const counted = new Proxy(tx, {
      get: (target, prop, receiver) =>
        prop === 'execute'
          ? (...args: Parameters<DbOrTx['execute']>) => {
              statements += 1;
              return target.execute(...args);
            }
          : (Reflect.get(target, prop, receiver) as unknown),
    });
    const outcome = await emitWebhookEvents(counted, events, { now: t.clock.now });
    return { ...outcome, statements };
  });

const batch = (n: number, over: Partial<WebhookEventInput> = {}): WebhookEventInput[] =>
  Array.from({ length: n }, (_, i) => ({
    partnerId,
    projectId,
    type: 'message.status.updated',
    payload: { messageId: `wamid.${i}`, status: 'delivered' },
    ...over,
  }));

describe('emitting events', () => {
  it('writes nothing, in one query, when no enabled webhook of the project subscribes to the type', async () => {
    const url = 'https://hooks.example.com/in';
    await insertWebhook(t, { partnerId, projectId, url, topics: ['contact.created'] });
    await insertWebhook(t, { partnerId, projectId, url, topics: ['message.status.updated'], status: 'DISABLED' });
    await insertWebhook(t, { partnerId, projectId: otherProject, url, topics: ['message.status.updated'] });
    const before = await sizes();
    expect(await emitCounting(batch(2_000))).toEqual({ events: 0, deliveries: 0, statements: 1 });
    expect(await emitCounting([])).toEqual({ events: 0, deliveries: 0, statements: 0 });
    expect(await sizes()).toEqual(before);
  });

  it('writes 2,000 events, deliveries and jobs for one subscribed webhook, a statement per table', async () => {
    const hook = await insertWebhook(t, {
      partnerId,
      projectId,
      url: 'https://hooks.example.com/in',
      topics: ['message.status.updated', 'contact.created'],
    });
    const before = await sizes();
    const events = [
      ...batch(2_000),
      ...batch(300, { type: 'contact.tag.added' }),
      ...batch(5, { projectId: otherProject }),
    ];
    const started = performance.now();
    expect(await emitCounting(events)).toEqual({ events: 2_000, deliveries: 2_000, statements: 4 });
    const ms = performance.now() - started;
    expect(await sizes()).toEqual({
      events: before.events + 2_000,
      deliveries: before.deliveries + 2_000,
      jobs: before.jobs + 2_000,
    });
    // The embedded database writes a batch this size well within the ingestion call's budget.
    expect(ms).toBeLessThan(10_000);

    const deliveries = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    expect(new Set(deliveries.map((d) => d.status))).toEqual(new Set(['PENDING']));
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          deliveries.slice(0, 10).map((d) => `webhook.deliver:${d.id}`),
        ),
      );
    expect(queued).toHaveLength(10);
    for (const job of queued) {
      expect(job).toMatchObject({ kind: 'webhook.deliver', runAt: t.clock.now, failedAt: null, lockedUntil: null });
      expect(job.key).toBe(`webhook.deliver:${String(job.payload.deliveryId)}`);
    }
  });

  it('one event, a delivery to each subscribed webhook; never to another partner', async () => {
    const url = 'https://hooks.example.com/in';
    const a = await insertWebhook(t, { partnerId, projectId, url });
    const b = await insertWebhook(t, { partnerId, projectId, url, topics: ['contact.created', 'contact.tag.added'] });
    // A payload naming a project of another partner is matched against that partner's webhooks only.
    await insertWebhook(t, { ...foreign, url });
    const at = new Date('2026-02-03T04:05:06.789Z');
    const one = { partnerId, projectId, type: 'contact.created', payload: { contact: { id: 'c1' } }, occurredAt: at };
    const wrong = { ...one, projectId: foreign.projectId };
    expect(await emitCounting([one, wrong])).toMatchObject({ events: 1, deliveries: 2 });
    const [event] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.projectId, projectId));
    expect(event).toMatchObject({
      type: 'contact.created',
      createdAt: at,
      partnerId,
      payload: { contact: { id: 'c1' } },
    });
    const to = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
    expect(to.map((d) => d.webhookId).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('event ids', () => {
  it('are msg_ and a ULID that sorts by time', () => {
    const ids = [0, 1, 1000, 86_400_000, 10 ** 12].map((ms) => newEventId(new Date(1_700_000_000_000 + ms)));
    for (const id of ids) expect(id).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
  });
});
