import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import { BLOCKED_PRIVATE } from './guard.js';
import {
  attemptsOf,
  clearWebhooks,
  deliveriesOf,
  deliveryModuleFor,
  demoPartner,
  emit,
  insertWebhook,
  runJobs,
  startReceiver,
  type Receiver,
} from './test-fixture.js';

/** The delivery job with private addresses refused (the default, WEBHOOK_ALLOW_PRIVATE_URLS off). */
let t: TestContext;
let rx: Receiver;
let partnerId: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false' } });
  rx = await startReceiver(
    () => '',
    () => t.clock.now,
  );
  ({ partnerId, projectId } = await demoPartner(t, 'owner'));
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

describe('a webhook whose host is private', () => {
  it.each([
    ['localhost', () => `http://localhost:${rx.port}/hook`],
    ['127.0.0.1', () => `http://127.0.0.1:${rx.port}/hook`],
    ['a name resolving to 127.0.0.1', () => `http://receiver.example.net:${rx.port}/hook`],
  ])('%s: the attempt is refused before connecting, logged, and retried', async (_, url) => {
    await clearWebhooks(t);
    const mod = deliveryModuleFor(t, {
      lookup: (_host, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    const hook = await insertWebhook(t, { partnerId, projectId, url: url() });
    await emit(t, [{ partnerId, projectId, type: 'contact.created', payload: { contact: { id: 'c1' } } }]);
    await runJobs(t, mod.jobHandlers);
    expect(rx.connections()).toBe(0);
    const [d] = await deliveriesOf(t, hook.id);
    expect(d).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect(await attemptsOf(t, d!.id)).toMatchObject([
      { statusCode: null, error: BLOCKED_PRIVATE, responseExcerpt: BLOCKED_PRIVATE },
    ]);
  });
});
