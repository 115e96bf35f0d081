import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_MAX_PER_PROJECT,
  WEBHOOK_PREVIOUS_SECRET_TTL_MS,
  webhookMessages,
  type WebhookResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog, webhookDeliveries, webhookEvents, webhooks } from '../../platform/db/schema.js';
import { secretBox } from './secret.js';
import {
  addHook,
  clearHooks,
  createHook,
  HOOK_URL,
  hookRowsOf,
  listHooks,
  projectOf,
  setProject,
} from './test-fixture.js';

/** The webhook calls of the project detail and the management screen, by Acme's owner on Metro Clinics. */
let t: TestContext;
let owner: string;
let project: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  project = (await projectOf(t, 'Metro Clinics')).id;
});
afterAll(() => t.close());
beforeEach(() => clearHooks(t, project));

const patch = (webhookId: string, body: object) =>
  call<WebhookResponse>(t.app, 'PATCH', `/project/${project}/webhook/${webhookId}`, { token: owner, body });

describe('create', () => {
  it("answers the spec's message and the webhook, its secret sealed in the database", async () => {
    const res = await createHook(t, owner, project, {
      topics: ['contact.tag.added', 'message.created', 'contact.tag.added'],
      webhook_url: `  ${HOOK_URL}  `,
      partnerId: 'someone-else',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully created webhook');
    const hook = res.body.webhook;
    // Duplicates dropped, in the spec's order; the URL trimmed.
    expect(hook).toMatchObject({
      project_id: project,
      topics: ['message.created', 'contact.tag.added'],
      webhook_url: HOOK_URL,
      status: 'ENABLED',
      disabledReason: null,
      disabledAt: null,
    });
    expect(hook.shared_secret).toMatch(/^whsec_/);
    const [row] = await hookRowsOf(t, project);
    expect(row!.secret).not.toContain(hook.shared_secret!.slice(6));
    expect(secretBox(t.deps.env).open(row!.secret)).toBe(hook.shared_secret);
    expect(row!.partnerId).toBe((await projectOf(t, 'Metro Clinics')).partnerId);
  });

  it.each([
    [{ topics: [], webhook_url: HOOK_URL }, webhookMessages.topicsRequired],
    [{ topics: ['contact.created', 'contact.deleted'], webhook_url: HOOK_URL }, webhookMessages.unknownTopic],
    [{ topics: ['contact.created'], webhook_url: 'ftp://hooks.example.com/in' }, webhookMessages.urlInvalid],
    [{ topics: ['contact.created'], webhook_url: 'https://user:pw@hooks.example.com' }, webhookMessages.urlInvalid],
    [{ topics: ['contact.created'], webhook_url: '' }, webhookMessages.urlInvalid],
    [{ topics: ['contact.created'], webhook_url: 'http://127.0.0.1:8080/in' }, webhookMessages.urlNotPublic],
    [{ topics: ['contact.created'], webhook_url: 'http://localhost/in' }, webhookMessages.urlNotPublic],
    [{ topics: ['contact.created'], webhook_url: 'http://10.1.2.3/in' }, webhookMessages.urlNotPublic],
  ])('refuses %j with 400 "%s" and makes nothing', async (body, message) => {
    const res = await createHook(t, owner, project, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect(await hookRowsOf(t, project)).toEqual([]);
  });

  it(`refuses a sixth with 'Maximux(5) Webhook Is Created'`, async () => {
    for (let i = 0; i < WEBHOOK_MAX_PER_PROJECT; i += 1) await addHook(t, owner, project);
    const res = await createHook(t, owner, project, { topics: ['contact.created'], webhook_url: HOOK_URL });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Maximux(5) Webhook Is Created' });
    expect(await hookRowsOf(t, project)).toHaveLength(WEBHOOK_MAX_PER_PROJECT);
  });
});

describe('list', () => {
  it('answers the same webhooks, newest first, at both paths', async () => {
    const first = await addHook(t, owner, project, ['contact.created']);
    const second = await addHook(t, owner, project, ['message.sender.user']);
    expect((await listHooks(t, owner, project)).map((w) => w._id)).toEqual([second._id, first._id]);
    const detail = await call(t.app, 'GET', `/project/${project}/partner/webhook`, { token: owner });
    expect(detail.body).toEqual({ webhooks: await listHooks(t, owner, project) });
    expect((await listHooks(t, owner, project))[0]!.shared_secret).toBe(second.shared_secret);
  });
});

describe('update', () => {
  it('changes the URL only (project detail), or the URL and topics (management screen)', async () => {
    const hook = await addHook(t, owner, project, ['contact.created', 'contact.tag.added']);
    const urlOnly = await patch(hook._id, { webhook_url: 'https://other.example.com/hook' });
    expect(urlOnly.status).toBe(200);
    expect(urlOnly.body.message).toBe('Successfully Updated webhook');
    expect(urlOnly.body.webhook).toMatchObject({
      webhook_url: 'https://other.example.com/hook',
      topics: ['contact.created', 'contact.tag.added'],
      shared_secret: hook.shared_secret,
    });
    const both = await patch(hook._id, { webhook_url: HOOK_URL, topics: ['contact.tag.removed', 'contact.created'] });
    expect(both.body.webhook).toMatchObject({
      webhook_url: HOOK_URL,
      topics: ['contact.created', 'contact.tag.removed'],
    });
  });

  it('refuses bad topics or URL with their message and changes nothing', async () => {
    const hook = await addHook(t, owner, project);
    const before = await hookRowsOf(t, project);
    for (const [body, message] of [
      [{ webhook_url: HOOK_URL, topics: [] }, webhookMessages.topicsRequired],
      [{ webhook_url: HOOK_URL, topics: ['nope'] }, webhookMessages.unknownTopic],
      [{ webhook_url: 'not a url' }, webhookMessages.urlInvalid],
      [{ webhook_url: 'http://192.168.1.10/x' }, webhookMessages.urlNotPublic],
    ] as const) {
      const res = await patch(hook._id, body);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ message });
    }
    expect(await hookRowsOf(t, project)).toEqual(before);
  });

  it('answers 404 for an unknown webhook, and for a webhook of another project of the partner', async () => {
    const reminders = (await projectOf(t, 'Metro Reminders')).id;
    // Webhooks are allowed there too, so only whose webhook it is decides.
    await setProject(t, reminders, { addons: { WEBHOOKS: { status: 'ACTIVE' } } });
    const hook = await addHook(t, owner, project);
    expect((await patch('no-such-webhook', { webhook_url: HOOK_URL })).status).toBe(404);
    const elsewhere = await call(t.app, 'PATCH', `/project/${reminders}/webhook/${hook._id}`, {
      token: owner,
      body: { webhook_url: HOOK_URL },
    });
    expect(elsewhere.status).toBe(404);
  });
});

describe('delete', () => {
  it('removes the webhook with its deliveries', async () => {
    const hook = await addHook(t, owner, project);
    const { partnerId } = await projectOf(t, 'Metro Clinics');
    await t.database.db.insert(webhookEvents).values({
      id: 'msg_test',
      partnerId,
      projectId: project,
      type: 'contact.created',
      payload: {},
    });
    await t.database.db
      .insert(webhookDeliveries)
      .values({ id: 'dlv_test', webhookId: hook._id, eventId: 'msg_test', partnerId, projectId: project });
    const res = await call(t.app, 'DELETE', `/project/${project}/webhook/${hook._id}`, { token: owner });
    expect(res).toEqual({ status: 200, body: { message: 'Successfully deleted webhook' } });
    expect(await hookRowsOf(t, project)).toEqual([]);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, 'dlv_test'))).toEqual(
      [],
    );
    const again = await call(t.app, 'DELETE', `/project/${project}/webhook/${hook._id}`, { token: owner });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: webhookMessages.notFound });
  });
});

describe('enable and a new secret', () => {
  it('enable brings a DISABLED webhook back, its disabled fields cleared', async () => {
    const hook = await addHook(t, owner, project);
    await t.database.db
      .update(webhooks)
      .set({ status: 'DISABLED', disabledReason: 'GONE', disabledAt: new Date() })
      .where(eq(webhooks.id, hook._id));
    expect((await listHooks(t, owner, project))[0]).toMatchObject({ status: 'DISABLED', disabledReason: 'GONE' });
    const res = await call<WebhookResponse>(t.app, 'POST', `/project/${project}/webhook/${hook._id}/enable`, {
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(webhookMessages.enabled);
    expect(res.body.webhook).toMatchObject({ status: 'ENABLED', disabledReason: null, disabledAt: null });
  });

  it('a new shared secret replaces the old one, which still signs for 24 hours (rotation.test.ts)', async () => {
    const hook = await addHook(t, owner, project);
    const res = await call<WebhookResponse>(t.app, 'POST', `/project/${project}/webhook/${hook._id}/secret`, {
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(webhookMessages.secretGenerated);
    expect(res.body.webhook.shared_secret).toMatch(/^whsec_/);
    expect(res.body.webhook.shared_secret).not.toBe(hook.shared_secret);
    expect((await listHooks(t, owner, project))[0]!.shared_secret).toBe(res.body.webhook.shared_secret);
    expect(hook.previous_secret_expires_at).toBeNull();
    expect(res.body.webhook.previous_secret_expires_at).toBe(
      new Date(t.clock.now.getTime() + WEBHOOK_PREVIOUS_SECRET_TTL_MS).toISOString(),
    );
    const [row] = await hookRowsOf(t, project);
    expect(secretBox(t.deps.env).open(row!.previousSecret!)).toBe(hook.shared_secret);
    // The activity log says that the secret was made anew, never what it is or was.
    const entries = await t.database.db
      .select()
      .from(partnerAuditLog)
      .where(and(eq(partnerAuditLog.action, 'webhook.secret'), eq(partnerAuditLog.targetId, hook._id)));
    expect(entries).toMatchObject([{ targetName: HOOK_URL, before: null, after: { secret: 'rotated' } }]);
    for (const secret of [hook.shared_secret!, res.body.webhook.shared_secret!, row!.secret])
      expect(JSON.stringify(entries)).not.toContain(secret.replace(/^whsec_/, ''));
  });

  it('a secret that no longer opens (the token secret changed) reads null until a new one is generated', async () => {
    const hook = await addHook(t, owner, project);
    const foreign = secretBox({ ...t.deps.env, TOKEN_SECRET: 'x'.repeat(40) }).seal('whsec_old');
    await t.database.db.update(webhooks).set({ secret: foreign }).where(eq(webhooks.id, hook._id));
    expect((await listHooks(t, owner, project))[0]!.shared_secret).toBeNull();
    const res = await call<WebhookResponse>(t.app, 'POST', `/project/${project}/webhook/${hook._id}/secret`, {
      token: owner,
    });
    expect(res.body.webhook.shared_secret).toMatch(/^whsec_/);
  });

  it('both answer 404 for an unknown webhook', async () => {
    for (const what of ['enable', 'secret']) {
      const res = await call(t.app, 'POST', `/project/${project}/webhook/nope/${what}`, { token: owner });
      expect(res.status, what).toBe(404);
    }
  });
});
