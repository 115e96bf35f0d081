import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  webhookMessages,
  type ReplayResponse,
  type WebhookDeliveryDetail,
  type WebhookDeliveryListResponse,
} from '@pc/contract';
import { signInAs, startTestApp, type TestContext } from '../../../../test/harness.js';
import { webhookDeliveries, webhooks } from '../../../platform/db/schema.js';
import {
  clearWebhooks,
  consoleApp,
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
let app: Awaited<ReturnType<typeof consoleApp>>;
let mod: ReturnType<typeof deliveryModuleFor>;
let rx: Receiver;
let secret = '';
let kicks = 0;
const tokens = { owner: '', viewer: '', other: '' };
let mine: { partnerId: string; projectId: string };
let theirs: { partnerId: string; projectId: string };

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  t.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  rx = await startReceiver(
    () => secret,
    () => t.clock.now,
  );
  mod = deliveryModuleFor(t, { kick: () => void (kicks += 1) });
  app = await consoleApp(t, mod);
  [tokens.owner, tokens.viewer, tokens.other] = await Promise.all(
    (['owner', 'agent', 'direct'] as const).map((u) => signInAs(t.app, u)),
  );
  [mine, theirs] = await Promise.all([demoPartner(t, 'owner'), demoPartner(t, 'direct')]);
});
afterAll(async () => {
  await app.close();
  await rx.close();
  await t.close();
});
beforeEach(() => clearWebhooks(t));

type Res<T> = { status: number; body: T & { message?: string } };
const call = async <T>(method: 'GET' | 'POST', url: string, token = tokens.owner, body?: object): Promise<Res<T>> => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body });
  return { status: res.statusCode, body: JSON.parse(res.body) as T & { message?: string } };
};

/** A webhook of ours with `n` deliveries a minute apart (oldest first), each answered by the receiver. */
const withDeliveries = async (n: number) => {
  const hook = await insertWebhook(t, { ...mine, url: rx.url });
  secret = hook.secret;
  for (let i = 0; i < n; i += 1) {
    await emit(t, [{ ...mine, type: 'contact.created', payload: { contact: { id: `c${i}` } } }]);
    later(t, 60_000);
  }
  const rows = (await deliveriesOf(t, hook.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { hook, base: `/project/${mine.projectId}/webhook/${hook.id}`, ids: rows.map((r) => r.id) };
};
const setStatus = (ids: string[], status: 'FAILED' | 'DELIVERED') =>
  Promise.all(
    ids.map((id) =>
      t.database.db.update(webhookDeliveries).set({ status, nextAttemptAt: null }).where(eq(webhookDeliveries.id, id)),
    ),
  );

describe('the delivery log', () => {
  it('pages newest first with an opaque cursor, filters by status, and refuses a made-up cursor', async () => {
    const { base, ids } = await withDeliveries(5);
    await setStatus([ids[1]!, ids[3]!], 'FAILED');
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null; page += 1) {
      const res: Res<WebhookDeliveryListResponse> = await call(
        'GET',
        `${base}/deliveries?limit=2&cursor=${cursor}`,
        tokens.viewer,
      );
      expect(res.status).toBe(200);
      expect(res.body.deliveries.length).toBe(page < 2 ? 2 : 1);
      seen.push(...res.body.deliveries.map((d) => d._id));
      cursor = res.body.next;
    }
    expect(seen).toEqual([...ids].reverse());
    const failed = await call<WebhookDeliveryListResponse>('GET', `${base}/deliveries?status=FAILED`);
    expect(failed.body.deliveries.map((d) => [d._id, d.status, d.nextAttemptAt])).toEqual([
      [ids[3], 'FAILED', null],
      [ids[1], 'FAILED', null],
    ]);
    expect((await call('GET', `${base}/deliveries?cursor=bm9wZQ`)).status).toBe(400);
  });

  it('shows one delivery with the body it sends and every attempt', async () => {
    const { base, ids } = await withDeliveries(1);
    rx.answer({ status: 500, body: 'nope' });
    await runJobs(t, mod.jobHandlers);
    const res = await call<WebhookDeliveryDetail>('GET', `${base}/deliveries/${ids[0]}`, tokens.viewer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: ids[0],
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: 500,
      eventType: 'contact.created',
      payload: { type: 'contact.created', data: { contact: { id: 'c0' } } },
      attemptLog: [{ statusCode: 500, responseExcerpt: 'nope', error: null }],
    });
    expect(JSON.stringify(res.body.payload)).toBe(rx.received.at(-1)!.body);
  });
});

describe('replays', () => {
  it('replays a FAILED or DELIVERED delivery with the same event id; a PENDING one is refused', async () => {
    const { base, ids } = await withDeliveries(2);
    await setStatus([ids[0]!], 'FAILED');
    expect((await call('POST', `${base}/deliveries/${ids[1]}/replay`)).body).toMatchObject({
      message: webhookMessages.deliveryPending,
    });
    const kicked = kicks;
    const res = await call('POST', `${base}/deliveries/${ids[0]}/replay`);
    expect(res).toEqual({ status: 200, body: { message: webhookMessages.replayed, queued: 1 } });
    expect(kicks).toBe(kicked + 1);
    expect(await jobOf(t, ids[0]!)).toMatchObject({ runAt: t.clock.now, payload: { deliveryId: ids[0], base: 0 } });
    rx.received.length = 0;
    rx.answer({ status: 200 });
    await runJobs(t, mod.jobHandlers);
    const [event] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, ids[0]!));
    expect(event).toMatchObject({ status: 'DELIVERED' });
    expect(rx.received.map((r) => [r.headers['webhook-id'], r.verified])).toContainEqual([event!.eventId, true]);
    // Delivered: it may be replayed again.
    expect((await call('POST', `${base}/deliveries/${ids[0]}/replay`)).status).toBe(200);
  });

  it('replays every FAILED delivery created in the range', async () => {
    const { base, ids } = await withDeliveries(5);
    await setStatus([ids[0]!, ids[1]!, ids[2]!, ids[4]!], 'FAILED');
    await setStatus([ids[3]!], 'DELIVERED');
    const rows = await deliveriesOf(t, (await t.database.db.select().from(webhooks))[0]!.id);
    const at = (id: string) => rows.find((r) => r.id === id)!.createdAt.toISOString();
    const res = await call<ReplayResponse>('POST', `${base}/replay-failed`, tokens.owner, {
      from: at(ids[1]!),
      to: at(ids[4]!),
    });
    expect(res.body).toEqual({ message: webhookMessages.replayedMany(3), queued: 3 });
    const after = await deliveriesOf(t, rows[0]!.webhookId);
    expect(
      after
        .filter((d) => d.status === 'PENDING')
        .map((d) => d.id)
        .sort(),
    ).toEqual([ids[1], ids[2], ids[4]].sort());
    const backwards = await call('POST', `${base}/replay-failed`, tokens.owner, { from: at(ids[4]!), to: at(ids[1]!) });
    expect(backwards).toMatchObject({ status: 400, body: { message: webhookMessages.replayRange } });
  });

  it('refuses replays and the test event of a disabled webhook', async () => {
    const { hook, base, ids } = await withDeliveries(1);
    await setStatus([ids[0]!], 'FAILED');
    await t.database.db.update(webhooks).set({ status: 'DISABLED' }).where(eq(webhooks.id, hook.id));
    for (const [url, body] of [
      [`${base}/deliveries/${ids[0]}/replay`, undefined],
      [`${base}/replay-failed`, { from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }],
      [`${base}/test`, undefined],
    ] as const)
      expect(await call('POST', url, tokens.owner, body)).toMatchObject({
        status: 400,
        body: { message: webhookMessages.webhookDisabled },
      });
  });
});

describe('the test event', () => {
  it('goes to this webhook only, whatever its topics, and is tried once', async () => {
    const hook = await insertWebhook(t, { ...mine, url: rx.url, topics: ['contact.tag.added'] });
    const other = await insertWebhook(t, { ...mine, url: rx.url, topics: ['contact.tag.added'] });
    secret = hook.secret;
    const base = `/project/${mine.projectId}/webhook/${hook.id}`;
    expect(await call('POST', `${base}/test`)).toEqual({ status: 200, body: { message: webhookMessages.testSent } });
    expect(await deliveriesOf(t, other.id)).toHaveLength(0);
    rx.received.length = 0;
    rx.answer({ status: 500 });
    await runJobs(t, mod.jobHandlers);
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.verified).toBe(true);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.id } });
    expect(await deliveriesOf(t, hook.id)).toMatchObject([{ status: 'FAILED', attempts: 1 }]);
    expect((await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!.status).toBe('ENABLED');
  });
});

describe('access', () => {
  it("answers 404 for another partner's project, webhook or delivery, and 403 to a read-only role's writes", async () => {
    const { base, ids } = await withDeliveries(1);
    const foreignHook = await insertWebhook(t, { ...theirs, url: rx.url });
    const urls = [
      ['GET', `${base}/deliveries`],
      ['GET', `${base}/deliveries/${ids[0]}`],
      ['POST', `${base}/deliveries/${ids[0]}/replay`],
      ['POST', `${base}/test`],
    ] as const;
    for (const [method, url] of urls) expect((await call(method, url, tokens.other)).status).toBe(404);
    // Our project with their webhook, and their project with our webhook.
    expect((await call('GET', `/project/${mine.projectId}/webhook/${foreignHook.id}/deliveries`)).status).toBe(404);
    expect((await call('GET', `/project/${theirs.projectId}/webhook/${foreignHook.id}/deliveries`)).status).toBe(404);
    expect((await call('GET', `${base}/deliveries/unknown`)).status).toBe(404);
    expect((await call('POST', `${base}/test`, tokens.viewer)).status).toBe(403);
    expect(app.accessTable.map((r) => `${r.method} ${r.url} ${r.access}`).sort()).toEqual([
      'GET /project/:projectId/webhook/:webhookId/deliveries business.read',
      'GET /project/:projectId/webhook/:webhookId/deliveries/:deliveryId business.read',
      'POST /project/:projectId/webhook/:webhookId/deliveries/:deliveryId/replay business.write',
      'POST /project/:projectId/webhook/:webhookId/replay-failed business.write',
      'POST /project/:projectId/webhook/:webhookId/test business.write',
    ]);
  });
});
