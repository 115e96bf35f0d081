import { and, eq } from 'drizzle-orm';
import { chatWebhookTopics, projectApiAllowed, webhooksAllowed, type WebhookResponse } from '@pc/contract';
import { privateApps, webhookDeliveries, webhooks } from '../../../src/platform/db/schema.js';
import type { TestContext } from '../../harness.js';
import { activityCase, made, send, type ActivityCases, type Sweep } from './case.js';
import { projectsOf } from './projects-of.js';

/**
 * The write routes of webhooks (and their delivery console) and of the project API's private app.
 * Each case finds its project by the rules its route applies, and makes in its setup what its call changes.
 */

/** Acme's project whose webhooks may change (the WEBHOOKS add-on, a plan that allows them). */
const hookProject = async (s: Sweep) => {
  const found = (await projectsOf(s, 'owner')).find((r) => webhooksAllowed(r.project, { type: r.partnerType }));
  if (!found) throw new Error('no project of Acme with webhooks');
  return found.project.id;
};

const hookUrl = (what: string) => `https://hooks.example.com/activity/${what}`;
const createHook = async (s: Sweep, projectId: string, what: string, topics: readonly string[]) =>
  made(
    await send<WebhookResponse>(s, 'POST', `/project/${projectId}/webhook`, {
      topics,
      webhook_url: hookUrl(what),
    }),
    `the webhook ${what}`,
  ).webhook;

/**
 * The sweep's own webhook, made once and shared by the cases that change one (a project holds five
 * at most): a chat webhook, so that the Project Api tab's Generate has one too. Enabled anew for
 * each case, as a case may have left it disabled.
 */
const sweepHooks = new WeakMap<TestContext, { projectId: string; webhookId: string }>();
const sweepHook = async (s: Sweep) => {
  const known = sweepHooks.get(s.t);
  const [still] = known
    ? await s.t.database.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, known.webhookId))
    : [];
  if (known && still) {
    await s.t.database.db
      .update(webhooks)
      .set({ status: 'ENABLED', disabledReason: null, disabledAt: null })
      .where(eq(webhooks.id, known.webhookId));
    return known;
  }
  const projectId = await hookProject(s);
  const hook = await createHook(s, projectId, 'shared', chatWebhookTopics);
  const ref = { projectId, webhookId: hook._id };
  sweepHooks.set(s.t, ref);
  return ref;
};
type HookRef = Awaited<ReturnType<typeof sweepHook>>;
const hookPath = (h: HookRef) => `/project/${h.projectId}/webhook/${h.webhookId}`;

/** A delivery of the sweep's webhook that failed: its test event, given up on. */
const failedDelivery = async (s: Sweep) => {
  const hook = await sweepHook(s);
  made(await send(s, 'POST', `${hookPath(hook)}/test`), 'the test event');
  const [delivery] = await s.t.database.db
    .update(webhookDeliveries)
    .set({ status: 'FAILED', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.webhookId, hook.webhookId), eq(webhookDeliveries.status, 'PENDING')))
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('no delivery of the test event');
  return { ...hook, deliveryId: delivery.id };
};

/** Acme's project the Project Api tab allows, and its private app (made in the setup when `withApp`). */
const apiProject = async (s: Sweep, withApp: boolean) => {
  for (const { project, partnerType, planType } of await projectsOf(s, 'owner')) {
    if (!projectApiAllowed(project, { type: partnerType, planType })) continue;
    const app = async () =>
      (await s.t.database.db.select().from(privateApps).where(eq(privateApps.projectId, project.id)))[0];
    const existing = await app();
    const ref = { projectId: project.id, businessId: project.businessId };
    if (!withApp) {
      if (!existing) return ref;
      continue;
    }
    if (!existing)
      made(await send(s, 'POST', `/project/${project.id}/private-app`, { clientId: project.businessId }), 'the app');
    return { ...ref, privateAppId: (existing ?? (await app()))!.id };
  }
  throw new Error('no project of Acme for the project API');
};

/** Every write route of webhooks, their delivery console and the private app. */
export const cases: ActivityCases = {
  'POST /project/:projectId/webhook': activityCase({
    action: 'webhook.create',
    setup: (s) => hookProject(s),
    run: (s, projectId: string) =>
      send(s, 'POST', `/project/${projectId}/webhook`, {
        topics: ['contact.created'],
        webhook_url: hookUrl('created'),
      }),
  }),
  'PATCH /project/:projectId/webhook/:webhookId': activityCase({
    action: 'webhook.update',
    setup: (s) => sweepHook(s),
    run: (s, hook: HookRef) => send(s, 'PATCH', hookPath(hook), { webhook_url: hookUrl(`moved-${Date.now()}`) }),
  }),
  'POST /project/:projectId/webhook/:webhookId/enable': activityCase({
    action: 'webhook.enable',
    setup: async (s) => {
      const hook = await sweepHook(s);
      // The delivery stopped it (its endpoint answered 410 Gone).
      await s.t.database.db
        .update(webhooks)
        .set({ status: 'DISABLED', disabledReason: 'GONE', disabledAt: new Date() })
        .where(eq(webhooks.id, hook.webhookId));
      return hook;
    },
    run: (s, hook: HookRef) => send(s, 'POST', `${hookPath(hook)}/enable`),
  }),
  'POST /project/:projectId/webhook/:webhookId/secret': activityCase({
    action: 'webhook.secret',
    setup: (s) => sweepHook(s),
    run: (s, hook: HookRef) => send(s, 'POST', `${hookPath(hook)}/secret`),
  }),
  'POST /project/:projectId/webhook-secret': activityCase({
    action: 'chat-webhook.secret',
    setup: (s) => sweepHook(s),
    run: (s, hook: HookRef) => send(s, 'POST', `/project/${hook.projectId}/webhook-secret`),
  }),
  'POST /project/:projectId/webhook/:webhookId/deliveries/:deliveryId/replay': activityCase({
    action: 'webhook.replay',
    setup: (s) => failedDelivery(s),
    run: (s, d: HookRef & { deliveryId: string }) =>
      send(s, 'POST', `${hookPath(d)}/deliveries/${d.deliveryId}/replay`),
  }),
  'POST /project/:projectId/webhook/:webhookId/replay-failed': activityCase({
    action: 'webhook.replay',
    setup: (s) => failedDelivery(s),
    run: (s, d: HookRef) =>
      send(s, 'POST', `${hookPath(d)}/replay-failed`, {
        from: new Date(Date.now() - 86_400_000).toISOString(),
        to: new Date(Date.now() + 86_400_000).toISOString(),
      }),
  }),
  'POST /project/:projectId/webhook/:webhookId/test': activityCase({
    action: 'webhook.test',
    setup: (s) => sweepHook(s),
    run: (s, hook: HookRef) => send(s, 'POST', `${hookPath(hook)}/test`),
  }),
  'DELETE /project/:projectId/webhook/:webhookId': activityCase({
    action: 'webhook.delete',
    setup: async (s) => {
      const projectId = await hookProject(s);
      // The webhook the create case made, else one made for this case.
      const [created] = await s.t.database.db
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(and(eq(webhooks.projectId, projectId), eq(webhooks.url, hookUrl('created'))));
      return {
        projectId,
        webhookId: created?.id ?? (await createHook(s, projectId, 'doomed', ['contact.created']))._id,
      };
    },
    run: (s, hook: HookRef) => send(s, 'DELETE', hookPath(hook)),
  }),
  'POST /project/:projectId/private-app': activityCase({
    action: 'private-app.create',
    setup: (s) => apiProject(s, false),
    run: (s, p: { projectId: string; businessId: string }) =>
      send(s, 'POST', `/project/${p.projectId}/private-app`, { clientId: p.businessId }),
  }),
  'PATCH /project/:projectId/private-app': activityCase({
    action: 'private-app.update',
    setup: (s) => apiProject(s, true),
    run: (s, p: { projectId: string; privateAppId?: string }) =>
      send(s, 'PATCH', `/project/${p.projectId}/private-app`, { privateAppId: p.privateAppId }),
  }),
};
