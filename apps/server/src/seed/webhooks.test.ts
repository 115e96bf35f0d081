import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { projects, webhookDeliveries, webhooks } from '../platform/db/schema.js';
import { isSandboxReceiverUrl } from '../modules/webhooks/sandbox-receiver.js';
import { secretBox } from '../modules/webhooks/secret.js';
import { seedDemoWebhooks } from './webhooks.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("the demo's webhooks", () => {
  it("gives Metro Clinics three webhooks at the sandbox receiver and the last hour's events to deliver", async () => {
    const [metro] = await t.database.db
      .select({ id: projects.id, name: projects.name, partnerId: projects.partnerId, businessId: projects.businessId })
      .from(projects)
      .where(eq(projects.name, 'Metro Clinics'));
    const publicUrl = t.deps.env.publicUrl;
    await seedDemoWebhooks(t.database.db, {
      now: t.clock.now,
      publicUrl,
      projects: { 'Metro Clinics': metro! } as never,
      box: secretBox(t.deps.env),
    });
    const made = await t.database.db.select().from(webhooks).where(eq(webhooks.projectId, metro!.id));
    expect(made.map((w) => w.url.split('/').pop()).sort()).toEqual(['flaky', 'gone', 'ok']);
    for (const w of made) expect(isSandboxReceiverUrl(t.deps.env, w.url)).toBe(true);
    const pending = await t.database.db
      .select({ webhookId: webhookDeliveries.webhookId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.projectId, metro!.id));
    // Every webhook has something to be told.
    expect(new Set(pending.map((d) => d.webhookId))).toEqual(new Set(made.map((w) => w.id)));
  });

  it('the sandbox receiver is this server only, by its exact paths', () => {
    const env = { publicUrl: 'http://localhost:3000' };
    expect(isSandboxReceiverUrl(env, 'http://localhost:3000/sandbox/webhook-receiver/ok')).toBe(true);
    for (const url of [
      'http://localhost:3000/sandbox/webhook-receiver/other',
      'http://localhost:3000/sandbox/webhook-receiver/ok/../../../api/me',
      'http://localhost:3001/sandbox/webhook-receiver/ok',
      'http://user:pw@localhost:3000/sandbox/webhook-receiver/ok',
      'http://127.0.0.1:3000/sandbox/webhook-receiver/ok',
      'not a url',
    ])
      expect(isSandboxReceiverUrl(env, url), url).toBe(false);
  });

  it('the receiver answers by its mode: ok, busy once (Retry-After), down, gone', async () => {
    const post = (mode: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/webhook-receiver/${mode}`,
        headers: { 'webhook-id': id },
        payload: {},
      });
    expect((await post('ok', 'msg_1')).statusCode).toBe(200);
    const busy = await post('flaky', 'msg_2');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect((await post('flaky', 'msg_2')).statusCode).toBe(200);
    expect((await post('down', 'msg_3')).statusCode).toBe(503);
    expect((await post('gone', 'msg_4')).statusCode).toBe(410);
    expect((await post('nope', 'msg_5')).statusCode).toBe(400);
  });
});
