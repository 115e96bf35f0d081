import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import { agents, webhookDeliveries, webhooks } from '../../../platform/db/schema.js';
import { runDueJobs } from '../../../platform/jobs/runner.js';
import {
  attemptsOf,
  clearWebhooks,
  deliveriesOf,
  deliveryModuleFor,
  demoPartner,
  emit,
  insertWebhook,
  jobOf,
  later,
  runJobs,
  startReceiver,
  webhookRow,
  type Receiver,
} from './test-fixture.js';

let t: TestContext;
let rx: Receiver;
let secret = '';
let partnerId: string;
let projectId: string;
let mod: ReturnType<typeof deliveryModuleFor>;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  t.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  rx = await startReceiver(
    () => secret,
    () => t.clock.now,
  );
  ({ partnerId, projectId } = await demoPartner(t, 'owner'));
  mod = deliveryModuleFor(t);
});
afterAll(async () => {
  await rx.close();
  await t.close();
});
beforeEach(async () => {
  await clearWebhooks(t);
  rx.received.length = 0;
});

const hookWithEvents = async (n: number) => {
  const hook = await insertWebhook(t, { partnerId, projectId, url: rx.url });
  secret = hook.secret;
  const events = Array.from({ length: n }, (_, i) => ({
    partnerId,
    projectId,
    type: 'contact.created',
    payload: { contact: { id: `c${i}` } },
  }));
  await emit(t, events);
  return { hook, deliveries: await deliveriesOf(t, hook.id) };
};
const ownerEmail = async () =>
  (await t.database.db.select().from(agents).where(eq(agents.loginUsername, 'owner')))[0]!.email;

describe('410 Gone', () => {
  it('disables the webhook (GONE), fails its other pending deliveries, and mails the owner', async () => {
    const { hook, deliveries } = await hookWithEvents(2);
    rx.answer({ status: 410, body: 'gone' });
    // One job at a time: the first attempt's 410 settles the other delivery before it is sent.
    await runDueJobs(t.deps.db, mod.jobHandlers, t.deps.now, { limit: 1 });
    expect(rx.received).toHaveLength(1);
    expect(await webhookRow(t, hook.id)).toMatchObject({
      status: 'DISABLED',
      disabledReason: 'GONE',
      disabledAt: t.clock.now,
    });
    const after = await deliveriesOf(t, hook.id);
    expect(after.map((d) => d.status)).toEqual(['FAILED', 'FAILED']);
    for (const d of deliveries) expect(await jobOf(t, d.id)).toBeUndefined();

    const sent = t.outbox.sent.length;
    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(1);
    const mail = t.outbox.sent.slice(sent);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: await ownerEmail(), subject: `Webhook disabled: ${rx.url}` });
    expect(mail[0]!.text).toContain('410 Gone');
  });
});

describe('Retry-After', () => {
  it('is honoured when it asks for longer than the step, as seconds or a date, and capped at a day', async () => {
    const { deliveries } = await hookWithEvents(1);
    const id = deliveries[0]!.id;
    const runAt = async () => (await jobOf(t, id))!.runAt.getTime() - t.clock.now.getTime();
    rx.answer({ status: 503, headers: { 'retry-after': '120' } });
    await runJobs(t, mod.jobHandlers);
    expect(await runAt()).toBe(120_000);

    later(t, 120_000);
    rx.answer({ status: 429, headers: { 'retry-after': new Date(t.clock.now.getTime() + 3_600_000).toUTCString() } });
    await runJobs(t, mod.jobHandlers);
    expect(await runAt()).toBe(3_600_000);

    later(t, 3_600_000);
    rx.answer({ status: 503, headers: { 'retry-after': '999999' } });
    await runJobs(t, mod.jobHandlers);
    expect(await runAt()).toBe(24 * 3_600_000);

    // Shorter than the step (2 h now): the step.
    later(t, 24 * 3_600_000);
    rx.answer({ status: 503, headers: { 'retry-after': '1' } });
    await runJobs(t, mod.jobHandlers);
    expect(await runAt()).toBe(2 * 3_600_000);
    expect(rx.received).toHaveLength(4);
  });
});

describe('the whole schedule failing', () => {
  it('gives the delivery up after 10 attempts (about three days), disables the webhook (FAILING) and mails the owner', async () => {
    const { hook, deliveries } = await hookWithEvents(1);
    const id = deliveries[0]!.id;
    rx.answer({ status: 500, body: 'down' });
    for (const wait of WEBHOOK_RETRY_SCHEDULE_MS) {
      await runJobs(t, mod.jobHandlers);
      expect((await jobOf(t, id))!.runAt.getTime() - t.clock.now.getTime()).toBe(wait);
      later(t, wait);
    }
    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(WEBHOOK_RETRY_SCHEDULE_MS.length + 1);
    expect(await jobOf(t, id)).toBeUndefined();
    const [d] = await deliveriesOf(t, hook.id);
    expect(d).toMatchObject({ status: 'FAILED', attempts: 10, failedAt: t.clock.now, nextAttemptAt: null });
    expect(await attemptsOf(t, id)).toHaveLength(10);
    expect(await webhookRow(t, hook.id)).toMatchObject({ status: 'DISABLED', disabledReason: 'FAILING' });

    const sent = t.outbox.sent.length;
    await runJobs(t, mod.jobHandlers);
    expect(t.outbox.sent.slice(sent).map((m) => [m.to, m.subject])).toEqual([
      [await ownerEmail(), `Webhook disabled: ${rx.url}`],
    ]);
  });

  it('gives a delivery up but keeps the webhook when something was delivered to it meanwhile', async () => {
    const { hook, deliveries } = await hookWithEvents(2);
    const [failing, delivered] = deliveries;
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'DELIVERED', deliveredAt: t.clock.now })
      .where(eq(webhookDeliveries.id, delivered!.id));
    // The last step of the schedule.
    await t.database.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_RETRY_SCHEDULE_MS.length })
      .where(eq(webhookDeliveries.id, failing!.id));
    rx.answer({ status: 500 });
    await runJobs(t, mod.jobHandlers);
    expect((await deliveriesOf(t, hook.id)).find((d) => d.id === failing!.id)?.status).toBe('FAILED');
    expect(await webhookRow(t, hook.id)).toMatchObject({ status: 'ENABLED', disabledReason: null });
  });
});

describe('a webhook changed after the event', () => {
  it('disabled: its delivery is FAILED without sending', async () => {
    const { hook } = await hookWithEvents(1);
    await t.database.db.update(webhooks).set({ status: 'DISABLED' }).where(eq(webhooks.id, hook.id));
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 1, failed: 0 });
    expect(rx.received).toHaveLength(0);
    expect((await deliveriesOf(t, hook.id))[0]).toMatchObject({ status: 'FAILED', attempts: 0 });
  });

  it('deleted: its job just ends', async () => {
    const { hook, deliveries } = await hookWithEvents(1);
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 1, failed: 0 });
    expect(rx.received).toHaveLength(0);
    expect(await jobOf(t, deliveries[0]!.id)).toBeUndefined();
  });
});
