import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, WEBHOOK_MAX_PER_PROJECT, webhookMessages, type WebhookResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import {
  addHook,
  clearHooks,
  createHook,
  HOOK_URL,
  hookRowsOf,
  listHooks,
  projectOf,
  setPartner,
  setProject,
} from './test-fixture.js';

/** Who may read and change webhooks (doc 2 sections 2.1 and 6), and the limit of five under concurrency. */
let t: TestContext;
let owner: string;
let metro: Awaited<ReturnType<typeof projectOf>>;
const body = { topics: ['contact.created'], webhook_url: HOOK_URL };

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  metro = await projectOf(t, 'Metro Clinics');
});
afterAll(() => t.close());
beforeEach(async () => {
  await clearHooks(t, metro.id);
  await setProject(t, metro.id, { activePlan: metro.activePlan, addons: metro.addons, partnerArchived: false });
});

describe('the Webhook tab rule', () => {
  it.each([
    ['BASIC_MONTHLY', { activePlan: 'BASIC_MONTHLY' }],
    ['BASIC_YEARLY', { activePlan: 'BASIC_YEARLY' }],
    ['NONE', { activePlan: 'NONE' }],
    ['a paused add-on', { addons: { WEBHOOKS: { status: 'PAUSED' as const } } }],
    ['no add-on', { addons: {} }],
  ])('with %s: writes 403, the list still readable', async (_, change) => {
    const hook = await addHook(t, owner, metro.id);
    await setProject(t, metro.id, change);
    const refused = [
      await createHook(t, owner, metro.id, body),
      await call(t.app, 'PATCH', `/project/${metro.id}/webhook/${hook._id}`, { token: owner, body }),
      await call(t.app, 'DELETE', `/project/${metro.id}/webhook/${hook._id}`, { token: owner }),
      await call(t.app, 'POST', `/project/${metro.id}/webhook/${hook._id}/enable`, { token: owner }),
      await call(t.app, 'POST', `/project/${metro.id}/webhook/${hook._id}/secret`, { token: owner }),
    ];
    for (const res of refused)
      expect(res).toMatchObject({ status: 403, body: { message: webhookMessages.notAllowed } });
    expect((await listHooks(t, owner, metro.id)).map((w) => w._id)).toEqual([hook._id]);
  });

  it('an ADS_WHITELABEL partner is refused changes, with the add-on and a plan', async () => {
    const ads = await signInAs(t.app, 'ads');
    const brightside = await projectOf(t, 'Brightside Apparel');
    await setProject(t, brightside.id, { activePlan: 'PRO_MONTHLY', addons: { WEBHOOKS: { status: 'ACTIVE' } } });
    expect(await createHook(t, ads, brightside.id, body)).toMatchObject({
      status: 403,
      body: { message: webhookMessages.notAllowed },
    });
    expect(await listHooks(t, ads, brightside.id)).toEqual([]);
  });

  it('a DIRECT partner gets 403 on every webhook call, reads too', async () => {
    const direct = await signInAs(t.app, 'direct');
    const corner = await projectOf(t, 'Corner Store');
    await setProject(t, corner.id, { activePlan: 'PRO_MONTHLY', addons: { WEBHOOKS: { status: 'ACTIVE' } } });
    const calls = [
      await call(t.app, 'GET', `/project/${corner.id}/webhooks`, { token: direct }),
      await call(t.app, 'GET', `/project/${corner.id}/partner/webhook`, { token: direct }),
      await createHook(t, direct, corner.id, body),
      await call(t.app, 'POST', `/project/${corner.id}/webhook-secret`, { token: direct }),
    ];
    for (const res of calls) expect(res.status).toBe(403);
    expect(calls[0]!.body).toMatchObject({ message: webhookMessages.notAllowed });
    expect(await hookRowsOf(t, corner.id)).toEqual([]);
  });

  it('an archived project keeps its list readable; changes answer 404', async () => {
    const hook = await addHook(t, owner, metro.id);
    await setProject(t, metro.id, { partnerArchived: true });
    expect((await createHook(t, owner, metro.id, body)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/project/${metro.id}/webhook/${hook._id}`, { token: owner })).status).toBe(
      404,
    );
    expect(await listHooks(t, owner, metro.id)).toHaveLength(1);
  });
});

describe('a read-only member (the Viewer role)', () => {
  it('sees the webhooks without their secret, and may change nothing', async () => {
    const agent = await signInAs(t.app, 'agent');
    const hook = await addHook(t, owner, metro.id);
    const seen = await listHooks(t, agent, metro.id);
    expect(seen).toEqual([{ ...hook, shared_secret: null }]);
    const detail = await call(t.app, 'GET', `/project/${metro.id}/partner/webhook`, { token: agent });
    expect(detail.body).toEqual({ webhooks: seen });
    const writes = [
      await createHook(t, agent, metro.id, body),
      await call(t.app, 'PATCH', `/project/${metro.id}/webhook/${hook._id}`, { token: agent, body }),
      await call(t.app, 'DELETE', `/project/${metro.id}/webhook/${hook._id}`, { token: agent }),
      await call(t.app, 'POST', `/project/${metro.id}/webhook/${hook._id}/enable`, { token: agent }),
      await call(t.app, 'POST', `/project/${metro.id}/webhook/${hook._id}/secret`, { token: agent }),
      await call(t.app, 'POST', `/project/${metro.id}/webhook-secret`, { token: agent }),
    ];
    for (const res of writes) expect(res).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    expect(await listHooks(t, owner, metro.id)).toEqual([hook]);
  });
});

describe(`at most ${WEBHOOK_MAX_PER_PROJECT} a project, however many arrive at once`, () => {
  it('two creates at four make five, not six', async () => {
    for (let i = 0; i < 4; i += 1) await addHook(t, owner, metro.id);
    const results = await Promise.all([createHook(t, owner, metro.id, body), createHook(t, owner, metro.id, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toMatchObject({ message: webhookMessages.maxReached });
    expect(await hookRowsOf(t, metro.id)).toHaveLength(WEBHOOK_MAX_PER_PROJECT);
  });

  it('eight creates at once on an empty project make five', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => createHook(t, owner, metro.id, body)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(WEBHOOK_MAX_PER_PROJECT);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect(await hookRowsOf(t, metro.id)).toHaveLength(WEBHOOK_MAX_PER_PROJECT);
  });
});

describe("the Project Api tab's Generate (POST /project/{projectId}/webhook-secret)", () => {
  const generate = (projectId: string) =>
    call<WebhookResponse>(t.app, 'POST', `/project/${projectId}/webhook-secret`, { token: owner });

  it("answers 'subscribe to webhook first' when the project has no webhook", async () => {
    expect(await generate(metro.id)).toMatchObject({ status: 400, body: { message: 'subscribe to webhook first' } });
  });

  it("renews the chat webhook (the spec's two topics, no other); without one it is 'subscribe to webhook first'", async () => {
    const plain = await addHook(t, owner, metro.id, ['contact.created']);
    const partly = await addHook(t, owner, metro.id, ['message.status.updated']);
    const more = await addHook(t, owner, metro.id, [
      'message.created',
      'message.status.updated',
      'message.sender.user',
    ]);
    expect(await generate(metro.id)).toMatchObject({ status: 400, body: { message: 'subscribe to webhook first' } });
    const chat = await addHook(t, owner, metro.id, ['message.sender.user', 'message.status.updated']);
    const res = await generate(metro.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(webhookMessages.secretGenerated);
    expect(res.body.webhook._id).toBe(chat._id);
    expect(res.body.webhook.shared_secret).not.toBe(chat.shared_secret);
    const after = await listHooks(t, owner, metro.id);
    for (const other of [plain, partly, more])
      expect(after.find((w) => w._id === other._id)!.shared_secret).toBe(other.shared_secret);
    await call(t.app, 'DELETE', `/project/${metro.id}/webhook/${chat._id}`, { token: owner });
    expect((await generate(metro.id)).status).toBe(400);
  });

  it("follows the Project Api tab's rule: DIAMOND, and not a Basic plan", async () => {
    await addHook(t, owner, metro.id, ['message.sender.user', 'message.status.updated']);
    await setPartner(t, metro.partnerId, { planType: 'GOLD' });
    expect(await generate(metro.id)).toMatchObject({
      status: 403,
      body: { message: webhookMessages.privateAppNotAllowed },
    });
    await setPartner(t, metro.partnerId, { planType: 'DIAMOND' });
    const sunrise = await projectOf(t, 'Sunrise Bakery');
    expect((await generate(sunrise.id)).status).toBe(403);
    expect((await generate(metro.id)).status).toBe(200);
  });
});
