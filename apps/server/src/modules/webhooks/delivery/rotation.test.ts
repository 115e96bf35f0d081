import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_PREVIOUS_SECRET_TTL_MS, type WebhookResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../../test/harness.js';
import { clearHooks, createHook, listHooks, projectOf } from '../test-fixture.js';
import { deliveryModuleFor, emit, later, runJobs, startReceiver, type Receiver } from './test-fixture.js';

/**
 * Standard Webhooks' zero-downtime rotation (spec, "Webhook headers": "the webhook is signed both
 * using the current key, and using an old key (for a set period of time), and both signatures are
 * sent, space delimited, in the webhook-signature header";
 * https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
 * Each request is checked with the public standardwebhooks package, under each secret.
 */
let t: TestContext;
let rx: Receiver;
let owner: string;
let project: { id: string; partnerId: string };

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  // Whole seconds: the signed timestamp is in seconds.
  t.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  rx = await startReceiver(
    () => `whsec_${Buffer.alloc(32).toString('base64')}`,
    () => t.clock.now,
  );
  owner = await signInAs(t.app, 'owner');
  project = await projectOf(t, 'Metro Clinics');
});
afterAll(async () => {
  await clearHooks(t, project.id);
  await rx.close();
  await t.close();
});

/** Whether the last request verifies under `secret`, as a receiver holding only that secret checks it. */
const verifiesWith = (secret: string) => {
  const r = rx.received.at(-1)!;
  vi.useFakeTimers({ toFake: ['Date'], now: Number(r.headers['webhook-timestamp']) * 1000 });
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
};

const rotate = async (hookId: string) => {
  const res = await call<WebhookResponse>(t.app, 'POST', `/project/${project.id}/webhook/${hookId}/secret`, {
    token: owner,
  });
  expect(res.status).toBe(200);
  return res.body.webhook;
};

/** One contact.created event delivered now; the signatures it carried. */
const deliverOne = async (id: string) => {
  const mod = deliveryModuleFor(t);
  rx.received.length = 0;
  await emit(t, [
    { partnerId: project.partnerId, projectId: project.id, type: 'contact.created', payload: { contact: { id } } },
  ]);
  await runJobs(t, mod.jobHandlers);
  expect(rx.received).toHaveLength(1);
  return rx.received[0]!.headers['webhook-signature']!.split(' ');
};

describe('rotating a shared secret', () => {
  it('keeps the old secret signing beside the new one for 24 hours, then the new one alone', async () => {
    await clearHooks(t, project.id);
    const created = await createHook(t, owner, project.id, { topics: ['contact.created'], webhook_url: rx.url });
    expect(created.status).toBe(200);
    const first = created.body.webhook;
    expect(first.previous_secret_expires_at).toBeNull();
    expect(await deliverOne('c1')).toHaveLength(1);

    const rotatedAt = t.clock.now.getTime();
    const second = await rotate(first._id);
    const until = new Date(rotatedAt + WEBHOOK_PREVIOUS_SECRET_TTL_MS).toISOString();
    expect(second.shared_secret).not.toBe(first.shared_secret);
    expect(second.previous_secret_expires_at).toBe(until);
    expect((await listHooks(t, owner, project.id))[0]!.previous_secret_expires_at).toBe(until);

    // Within the day: `v1,<new> v1,<old>`, and a receiver holding either secret accepts it.
    later(t, WEBHOOK_PREVIOUS_SECRET_TTL_MS - 1_000);
    const both = await deliverOne('c2');
    expect(both).toHaveLength(2);
    expect(both.every((s) => /^v1,[A-Za-z0-9+/]{43}=$/.test(s))).toBe(true);
    expect(verifiesWith(second.shared_secret!)).toBe(true);
    expect(verifiesWith(first.shared_secret!)).toBe(true);
    expect(verifiesWith(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toBe(false);

    // From the 24th hour on, the new secret alone signs, and the screen no longer names the old one.
    later(t, 1_000);
    expect(await deliverOne('c3')).toHaveLength(1);
    expect(verifiesWith(second.shared_secret!)).toBe(true);
    expect(verifiesWith(first.shared_secret!)).toBe(false);
    expect((await listHooks(t, owner, project.id))[0]!.previous_secret_expires_at).toBeNull();
  });

  it('a second rotation within the day keeps only the secret it replaced', async () => {
    await clearHooks(t, project.id);
    const first = (await createHook(t, owner, project.id, { topics: ['contact.created'], webhook_url: rx.url })).body
      .webhook;
    const second = await rotate(first._id);
    later(t, 60_000);
    const third = await rotate(first._id);
    expect(third.previous_secret_expires_at).toBe(
      new Date(t.clock.now.getTime() + WEBHOOK_PREVIOUS_SECRET_TTL_MS).toISOString(),
    );
    expect(await deliverOne('c4')).toHaveLength(2);
    expect(verifiesWith(third.shared_secret!)).toBe(true);
    expect(verifiesWith(second.shared_secret!)).toBe(true);
    expect(verifiesWith(first.shared_secret!)).toBe(false);
  });

  it("the Project Api tab's Generate rotates the chat webhook the same way", async () => {
    await clearHooks(t, project.id);
    const chat = (
      await createHook(t, owner, project.id, {
        topics: ['message.sender.user', 'message.status.updated'],
        webhook_url: rx.url,
      })
    ).body.webhook;
    const res = await call<WebhookResponse>(t.app, 'POST', `/project/${project.id}/webhook-secret`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.webhook.shared_secret).not.toBe(chat.shared_secret);
    expect(res.body.webhook.previous_secret_expires_at).toBe(
      new Date(t.clock.now.getTime() + WEBHOOK_PREVIOUS_SECRET_TTL_MS).toISOString(),
    );
  });
});
