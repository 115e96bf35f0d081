import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import { claimDueJobs } from '../../../platform/jobs/claim.js';
import { recordAttempts } from './record-attempts.js';
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
  type Receiver,
} from './test-fixture.js';

let t: TestContext;
let rx: Receiver;
let secret = '';
let partnerId: string;
let projectId: string;
const TIMEOUT_MS = 1500;

beforeAll(async () => {
  t = await startTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_ATTEMPT_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  // Whole seconds: the signed timestamp is in seconds.
  t.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  rx = await startReceiver(
    () => secret,
    () => t.clock.now,
  );
  ({ partnerId, projectId } = await demoPartner(t, 'owner'));
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

const contactCreated = (id: string) => ({
  partnerId,
  projectId,
  type: 'contact.created',
  payload: { contact: { id, name: 'Asha', phone: '+919800000001' }, tags: ['new'] },
});

describe('a delivery that fails twice, then succeeds', () => {
  it('is retried on the schedule, each request signed and verifiable, and ends DELIVERED', async () => {
    await clearWebhooks(t);
    const mod = deliveryModuleFor(t);
    const hook = await insertWebhook(t, { partnerId, projectId, url: rx.url });
    secret = hook.secret;
    rx.received.length = 0;
    rx.answer({ status: 500, body: 'boom' }, { status: 503, body: 'busy' }, { status: 200, body: 'thanks' });
    const start = t.clock.now.getTime();
    expect(await emit(t, [contactCreated('c1')])).toEqual({ events: 1, deliveries: 1 });
    const [d] = await deliveriesOf(t, hook.id);

    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(1);
    // The first wait is 5 s (no jitter in this test): the job is kept, unlocked, and its run not counted as a failure.
    expect(await jobOf(t, d!.id)).toMatchObject({ runAt: new Date(start + 5_000), lockedUntil: null, attempts: 0 });
    expect((await deliveriesOf(t, hook.id))[0]).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: 500,
      nextAttemptAt: new Date(start + 5_000),
    });

    later(t, 4_999);
    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(1);
    later(t, 1);
    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(2);
    // Then 5 minutes after the second failure.
    expect((await jobOf(t, d!.id))?.runAt).toEqual(new Date(start + 5_000 + 300_000));

    later(t, 300_000);
    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(3);
    expect(await jobOf(t, d!.id)).toBeUndefined();
    const [done] = await deliveriesOf(t, hook.id);
    expect(done).toMatchObject({ status: 'DELIVERED', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    expect(done!.deliveredAt).toEqual(t.clock.now);

    const log = (await attemptsOf(t, d!.id)).sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime());
    expect(log.map((a) => [a.statusCode, a.responseExcerpt, a.error])).toEqual([
      [500, 'boom', null],
      [503, 'busy', null],
      [200, 'thanks', null],
    ]);
    expect(log.map((a) => a.attemptedAt.getTime() - start)).toEqual([0, 5_000, 305_000]);

    // Every request verified by the Standard Webhooks package; the same id and bytes, a new timestamp each time.
    expect(rx.received.map((r) => [r.verified, r.error])).toEqual(Array(3).fill([true, undefined]));
    expect(new Set(rx.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d!.eventId]));
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1);
    expect(rx.received.map((r) => Number(r.headers['webhook-timestamp']) * 1000 - start)).toEqual([0, 5_000, 305_000]);
    expect(rx.received[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': expect.stringMatching(/Webhooks/),
    });
    expect(d!.eventId).toMatch(/^msg_[0-9A-Z]{26}$/);
    expect(JSON.parse(rx.received[0]!.body)).toEqual({
      type: 'contact.created',
      timestamp: new Date(start).toISOString(),
      data: contactCreated('c1').payload,
    });
  });

  it('a flipped byte in the body, or another secret, fails verification', () => {
    const r = rx.received[0]!;
    vi.useFakeTimers({ toFake: ['Date'], now: Number(r.headers['webhook-timestamp']) * 1000 });
    try {
      expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
      const i = r.body.indexOf('Asha');
      const flipped = `${r.body.slice(0, i)}B${r.body.slice(i + 1)}`;
      expect(() => new Webhook(secret).verify(flipped, r.headers)).toThrow(/signature/i);
      const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      expect(() => new Webhook(other).verify(r.body, r.headers)).toThrow(/signature/i);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an attempt without an answer in time', () => {
  it('counts as a failed attempt (no status, the timeout as its error) and is retried', async () => {
    await clearWebhooks(t);
    const mod = deliveryModuleFor(t);
    const hook = await insertWebhook(t, { partnerId, projectId, url: rx.url });
    secret = hook.secret;
    rx.answer({ status: 200, hang: true });
    await emit(t, [contactCreated('c2')]);
    const [d] = await deliveriesOf(t, hook.id);
    const started = performance.now();
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 1, failed: 0 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    const [a] = await attemptsOf(t, d!.id);
    expect(a).toMatchObject({ statusCode: null, error: `timeout: no answer within ${TIMEOUT_MS} ms` });
    expect(a!.latencyMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect((await deliveriesOf(t, hook.id))[0]).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect((await jobOf(t, d!.id))?.runAt).toEqual(new Date(t.clock.now.getTime() + 5_000));
  });
});

describe('deliveries claimed together', () => {
  it('are sent at once, each recorded with the end of its job', async () => {
    await clearWebhooks(t);
    const mod = deliveryModuleFor(t);
    const hook = await insertWebhook(t, { partnerId, projectId, url: rx.url });
    secret = hook.secret;
    rx.received.length = 0;
    rx.answer({ status: 200, body: 'ok' });
    await emit(
      t,
      Array.from({ length: 12 }, (_, i) => contactCreated(`b${i}`)),
    );
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 12, failed: 0 });
    expect(rx.received).toHaveLength(12);
    const done = await deliveriesOf(t, hook.id);
    expect(done.map((d) => [d.status, d.attempts])).toEqual(Array(12).fill(['DELIVERED', 1]));
    for (const d of done) {
      expect(await attemptsOf(t, d.id)).toHaveLength(1);
      expect(await jobOf(t, d.id)).toBeUndefined();
    }
  });

  it('one moved meanwhile is not recorded while the others are; every job ends with the statement', async () => {
    await clearWebhooks(t);
    const hook = await insertWebhook(t, { partnerId, projectId, url: rx.url });
    await emit(t, [contactCreated('m1'), contactCreated('m2'), contactCreated('m3')]);
    const claimed = await claimDueJobs(t.database.db, t.clock.now, 10, ['webhook.deliver']);
    const byDelivery = new Map(claimed.map((j) => [j.payload.deliveryId as string, j.id]));
    const deliveries = (await deliveriesOf(t, hook.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
    const attempt = (statusCode: number, nextAttemptAt: Date | null) => ({
      at: t.clock.now,
      statusCode,
      latencyMs: 3,
      excerpt: '',
      error: null,
      status: nextAttemptAt ? ('PENDING' as const) : ('DELIVERED' as const),
      nextAttemptAt,
    });
    const retryAt = new Date(t.clock.now.getTime() + 5_000);
    const recorded = await recordAttempts(
      t.database.db,
      deliveries.map((d, i) => ({
        deliveryId: d.id,
        partnerId: d.partnerId,
        // The second one was moved by someone else: it no longer has 0 attempts.
        seenAttempts: i === 1 ? 1 : 0,
        attempt: i === 2 ? attempt(500, retryAt) : attempt(200, null),
        jobId: byDelivery.get(d.id)!,
      })),
    );
    expect(recorded).toEqual([true, false, true]);
    const after = new Map((await deliveriesOf(t, hook.id)).map((d) => [d.id, d]));
    expect(deliveries.map((d) => [after.get(d.id)!.status, after.get(d.id)!.attempts])).toEqual([
      ['DELIVERED', 1],
      ['PENDING', 0],
      ['PENDING', 1],
    ]);
    expect(await attemptsOf(t, deliveries[1]!.id)).toEqual([]);
    // Done jobs are gone, moved or not; the retry's job is due again at its time, unlocked.
    expect(await jobOf(t, deliveries[0]!.id)).toBeUndefined();
    expect(await jobOf(t, deliveries[1]!.id)).toBeUndefined();
    expect(await jobOf(t, deliveries[2]!.id)).toMatchObject({ runAt: retryAt, lockedUntil: null, attempts: 0 });
  });
});

describe('jobs and their partners', () => {
  it('name the partner of their delivery; a batch of several partners is delivered, old jobs without one too', async () => {
    await clearWebhooks(t);
    const mod = deliveryModuleFor(t);
    const other = await demoPartner(t, 'direct');
    const mine = await insertWebhook(t, { partnerId, projectId, url: rx.url });
    const theirs = await insertWebhook(t, { ...other, url: rx.url });
    rx.answer({ status: 200, body: 'ok' });
    await emit(t, [
      contactCreated('p1'),
      contactCreated('p2'),
      { ...contactCreated('p3'), ...other },
      { ...contactCreated('p4'), ...other },
    ]);
    const [first] = await deliveriesOf(t, mine.id);
    expect((await jobOf(t, first!.id))?.payload).toEqual({ partnerId, deliveryId: first!.id });
    // Jobs queued before jobs carried their partner (an existing database's backlog): one of each partner's.
    const [oldMine] = await deliveriesOf(t, mine.id);
    const [oldTheirs] = await deliveriesOf(t, theirs.id);
    for (const d of [oldMine!, oldTheirs!])
      await t.database.db.execute(
        sql`update jobs set payload = payload - 'partnerId' where key = ${`webhook.deliver:${d.id}`}`,
      );
    expect(await runJobs(t, mod.jobHandlers)).toEqual({ ran: 4, failed: 0 });
    for (const hook of [mine, theirs]) {
      const done = await deliveriesOf(t, hook.id);
      expect(done.map((d) => [d.status, d.attempts])).toEqual(Array(2).fill(['DELIVERED', 1]));
      for (const d of done) {
        expect(await attemptsOf(t, d.id)).toHaveLength(1);
        expect(await jobOf(t, d.id)).toBeUndefined();
      }
    }
  });
});
