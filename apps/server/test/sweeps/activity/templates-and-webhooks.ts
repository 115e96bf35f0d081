import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  adsLoginScopes,
  chatWebhookTopics,
  metaAdTabAllowed,
  projectApiAllowed,
  webhooksAllowed,
  type AdAccountsResponse,
  type AssistantDataResponse,
  type CreateTemplateResponse,
  type MediaUploadUrlResponse,
  type PagesResponse,
  type Template,
  type WebhookResponse,
} from '@pc/contract';
import { connectBlockedBy } from '../../../src/modules/meta-ads/state.js';
import { multipart } from '../../../src/modules/projects/test-files.js';
import { sampleBytes, validInput } from '../../../src/modules/templates/test-fixture.js';
import {
  partners,
  privateApps,
  projectMetaAds,
  projects,
  sandboxMetaTemplates,
  templates,
  webhookDeliveries,
  webhooks,
} from '../../../src/platform/db/schema.js';
import { call, type CallResult, type TestContext } from '../../harness.js';
import { activityCase, type ActivityCases, type Member, type Sweep } from './case.js';

/**
 * The write routes of templates, webhooks (and their delivery console), the project API's private
 * app and the Meta Ad tab. Each case finds its project by the rules its route applies (not by a
 * demo name another area's case may have changed), and makes in its setup what its call changes.
 */

const send = async <T = Record<string, unknown>>(
  s: Sweep,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  as: Member = 'owner',
): Promise<CallResult<T>> => call<T>(s.t.app, method, url, { token: await s.token(as), body });

/** Made in a setup, so the case's own call is the change it checks. */
const made = <T>(res: CallResult<T>, what: string): T => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A name Meta has not seen in the project: each submission needs its own. */
let names = 0;
const freshName = (what: string) => `activity_${what}_${Date.now().toString(36)}_${(names += 1)}`;

/** The member's projects their partner has not archived, with the partner's type and plan type. */
const projectsOf = async (s: Sweep, member: Member) =>
  s.t.database.db
    .select({ project: projects, partnerType: partners.type, planType: partners.planType })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .where(and(eq(projects.partnerId, (await s.idsOf(member)).partnerId), eq(projects.partnerArchived, false)))
    .orderBy(asc(projects.name));

/** A live project of the member's (templates go to a live WhatsApp Business Account). */
const liveProject = async (s: Sweep, member: Member = 'owner') => {
  const found = (await projectsOf(s, member)).find((r) => r.project.isWhatsappVerified);
  if (!found) throw new Error(`no live project of ${member}`);
  return found.project.id;
};

// Templates

const submitted = async (s: Sweep, projectId: string, name: string) =>
  made(await send<CreateTemplateResponse>(s, 'POST', `/project/${projectId}/wa_template`, validInput({ name })), name);

const draftOf = async (s: Sweep, projectId: string) =>
  made(
    await send<Template>(s, 'POST', `/project/${projectId}/wa_template/draft`, {
      name: freshName('draft'),
      category: 'UTILITY',
      language: 'en',
      text: 'Half typed',
    }),
    'the draft',
  );

/** The storage's upload form for a sample image, and the image posted to it as the browser does. */
const uploadedImage = async (s: Sweep, projectId: string) => {
  const file = sampleBytes.IMAGE;
  const form = made(
    await send<MediaUploadUrlResponse>(s, 'POST', '/api/get-upload-url', {
      assistantId: projectId,
      fileName: file.fileName,
      contentType: file.contentType,
      fileType: 'IMAGE',
    }),
    'the upload form',
  );
  const posted = multipart(form.uploadURL.fields, { name: 'sample', type: file.contentType, bytes: file.bytes });
  await s.t.app.inject({
    method: 'POST',
    url: new URL(form.uploadURL.url).pathname,
    payload: posted.payload,
    headers: { 'content-type': posted.contentType },
  });
  return { form, file };
};

const templateCases: ActivityCases = {
  'POST /project/:projectId/wa_template': activityCase({
    action: 'template.submit',
    setup: (s) => liveProject(s),
    run: (s, projectId: string) =>
      send(s, 'POST', `/project/${projectId}/wa_template`, validInput({ name: freshName('submit') })),
  }),
  'PUT /project/:projectId/wa_template/:templateId': activityCase({
    action: 'template.edit',
    setup: async (s) => {
      const projectId = await liveProject(s);
      const { id } = await submitted(s, projectId, freshName('edit'));
      // Meta rejected it (a rejected template may be edited, and goes back to review).
      const [row] = await s.t.database.db
        .update(templates)
        .set({ status: 'REJECTED' })
        .where(eq(templates.id, id))
        .returning();
      await s.t.database.db
        .update(sandboxMetaTemplates)
        .set({ status: 'REJECTED' })
        .where(eq(sandboxMetaTemplates.id, row!.providerTemplateId!));
      return { projectId, id, name: row!.name };
    },
    run: (s, { projectId, id, name }: { projectId: string; id: string; name: string }) =>
      send(s, 'PUT', `/project/${projectId}/wa_template/${id}`, validInput({ name, footerText: 'Sent by Acme' })),
  }),
  'POST /project/:projectId/wa_template/draft': activityCase({
    action: 'template.draft',
    setup: (s) => liveProject(s),
    run: (s, projectId: string) =>
      send(s, 'POST', `/project/${projectId}/wa_template/draft`, { name: freshName('draft'), language: 'en' }),
  }),
  'DELETE /project/:projectId/wa_template/draft/:draftId': activityCase({
    action: 'template.draft-delete',
    setup: async (s) => {
      const projectId = await liveProject(s);
      return { projectId, draftId: (await draftOf(s, projectId))._id };
    },
    run: (s, { projectId, draftId }: { projectId: string; draftId: string }) =>
      send(s, 'DELETE', `/project/${projectId}/wa_template/draft/${draftId}`),
  }),
  'POST /api/direct-api-partner/templates': activityCase({
    action: 'template.submit',
    as: 'direct',
    setup: (s) => liveProject(s, 'direct'),
    run: (s, projectId: string) =>
      send(
        s,
        'POST',
        '/api/direct-api-partner/templates',
        {
          projectId,
          name: freshName('direct'),
          language: 'en',
          category: 'UTILITY',
          components: [
            {
              type: 'BODY',
              text: 'Hi {{1}}, your basket {{2}} is ready for pickup at the counter today.',
              example: { body_text: [['Arun', 'B-12']] },
            },
          ],
        },
        'direct',
      ),
  }),
  'POST /api/get-upload-url': {
    exempt:
      "A signed upload form for the storage: it keeps an empty, private placeholder of the file and changes nothing the member decided; the file's saving (save-media-details, which makes it public) is recorded.",
  },
  'POST /api/save-media-details': activityCase({
    action: 'template.media',
    setup: async (s) => {
      const projectId = await liveProject(s);
      return { projectId, ...(await uploadedImage(s, projectId)) };
    },
    run: (s, { projectId, form, file }: { projectId: string } & Awaited<ReturnType<typeof uploadedImage>>) =>
      send(s, 'POST', '/api/save-media-details', {
        assistantId: projectId,
        fileName: file.fileName,
        contentType: file.contentType,
        fileType: 'IMAGE',
        fileSize: file.bytes.length,
        s3Path: form.filePath,
        publicUrl: form.fullUrl,
      }),
  }),
  'POST /partner/:partnerId/sync-templates': activityCase({
    action: 'template.sync',
    setup: async (s) => {
      const projectId = await liveProject(s);
      // Out of the 5-minute cool-down another case's sync may have started.
      await s.t.database.db.update(projects).set({ lastTemplateSyncAt: null }).where(eq(projects.id, projectId));
      return projectId;
    },
    run: async (s, projectId: string) =>
      send(s, 'POST', `/partner/${(await s.idsOf('owner')).partnerId}/sync-templates`, { assistantId: projectId }),
  }),
};

// Webhooks and the project API

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

const webhookCases: ActivityCases = {
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

// The Meta Ad tab. Its rule needs a WHITELABEL partner (contract metaAdTabAllowed): the demo's
// ADS_WHITELABEL partner ('ads') has no Meta Ad tab, Acme's projects with the META_ADS add-on do.

/** Acme's project whose Meta Ad tab may connect Facebook and has no ad account running: one for the sweep. */
const adsProjects = new WeakMap<TestContext, string>();
const adsProject = async (s: Sweep) => {
  const known = adsProjects.get(s.t);
  if (known) return known;
  const rows = await s.t.database.db
    .select({ project: projects, partner: partners, meta: projectMetaAds })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .leftJoin(projectMetaAds, eq(projectMetaAds.projectId, projects.id))
    .where(
      and(
        eq(projects.partnerId, (await s.idsOf('owner')).partnerId),
        eq(projects.partnerArchived, false),
        isNull(projectMetaAds.selectedAdAccountId),
      ),
    )
    .orderBy(asc(projects.name));
  const found = rows.find(
    (r) => metaAdTabAllowed(r.project, r.partner) && !connectBlockedBy(r.project) && !r.meta?.fbUserId,
  );
  if (!found) throw new Error('no project of Acme whose Meta Ad tab may connect');
  adsProjects.set(s.t, found.project.id);
  return found.project.id;
};

const adsPost = async <T = Record<string, unknown>>(s: Sweep, path: string, body: object) =>
  send<T>(s, 'POST', `/meta-ads/${path}`, { assistantId: await adsProject(s), ...body });

/** The sandbox Facebook's login of its demo user, with every permission the ads need. */
const facebookLogin = async (s: Sweep) =>
  made(
    await call<{ accessToken: string }>(s.t.app, 'POST', '/sandbox/facebook/login', {
      body: { scopes: adsLoginScopes, userName: 'Demo User' },
    }),
    'the Facebook login',
  ).accessToken;

/** The sweep's project set up afresh (no Facebook), then connected to Facebook by the owner. */
const notConnected = async (s: Sweep) => {
  await s.t.database.db.delete(projectMetaAds).where(eq(projectMetaAds.projectId, await adsProject(s)));
};
const connected = async (s: Sweep) => {
  await notConnected(s);
  const connection = made(
    await adsPost<AssistantDataResponse>(s, 'fb-connect', {
      status: 'connected',
      authResponse: { accessToken: await facebookLogin(s) },
    }),
    'the Facebook connection',
  );
  return connection.assistantData;
};

/** Connected, with an ad account chosen that no other project runs. */
const withAdAccount = async (s: Sweep) => {
  await connected(s);
  const { adAccounts } = made(await adsPost<AdAccountsResponse>(s, 'fetch-ad-accounts', {}), 'the ad accounts');
  for (const account of adAccounts)
    if ((await adsPost(s, 'select-ad-profile', { selectedMetaAdAccountId: account.accountId })).status === 200)
      return account.accountId;
  throw new Error('no free ad account');
};

const firstPage = async (s: Sweep) =>
  made(await adsPost<PagesResponse>(s, 'fetch-pages', {}), 'the pages').pages[0]!.pageId;

/** An asset Meta lets the platform's system user take: one in a business portfolio, not taken yet if any. */
const inPortfolio = <T extends { metaBusinessId: string | null; isAssigned: boolean }>(assets: T[]): T => {
  const held = assets.filter((a) => a.metaBusinessId);
  const asset = held.find((a) => !a.isAssigned) ?? held[0];
  if (!asset) throw new Error('no asset in a business portfolio');
  return asset;
};

const metaAdsCases: ActivityCases = {
  'POST /meta-ads/fb-connect': activityCase({
    action: 'meta-ads.connect',
    setup: async (s) => {
      await notConnected(s);
      return facebookLogin(s);
    },
    run: (s, accessToken: string) => adsPost(s, 'fb-connect', { status: 'connected', authResponse: { accessToken } }),
  }),
  'POST /meta-ads/fb-disconnect': activityCase({
    action: 'meta-ads.disconnect',
    setup: async (s) => (await connected(s)).fbUserId!,
    run: (s, fbUserId: string) => adsPost(s, 'fb-disconnect', { fbUserId }),
  }),
  'POST /meta-ads/select-ad-profile': activityCase({
    action: 'meta-ads.assets',
    setup: async (s) => {
      await connected(s);
      return firstPage(s);
    },
    run: (s, pageId: string) => adsPost(s, 'select-ad-profile', { selectedMetaPageId: pageId }),
  }),
  'POST /meta-ads/freeze-asset': activityCase({
    action: 'meta-ads.assets',
    setup: (s) => withAdAccount(s),
    run: (s, adAccountId: string) => adsPost(s, 'freeze-asset', { adAccountId }),
  }),
  'POST /meta-ads/unfreeze-assets': activityCase({
    action: 'meta-ads.assets',
    setup: async (s) => {
      const adAccountId = await withAdAccount(s);
      made(await adsPost(s, 'freeze-asset', { adAccountId }), 'the freeze');
    },
    run: (s) => adsPost(s, 'unfreeze-assets', { assets: ['adAccount'] }),
  }),
  'POST /meta-ads/assign-meta-page': activityCase({
    action: 'meta-ads.assets',
    setup: async (s) => {
      await connected(s);
      const { pages } = made(await adsPost<PagesResponse>(s, 'fetch-pages', {}), 'the pages');
      return inPortfolio(pages).pageId;
    },
    run: (s, id: string) => adsPost(s, 'assign-meta-page', { id }),
  }),
  'POST /meta-ads/assign-ad-account': activityCase({
    action: 'meta-ads.assets',
    setup: async (s) => {
      await connected(s);
      const { adAccounts } = made(await adsPost<AdAccountsResponse>(s, 'fetch-ad-accounts', {}), 'the ad accounts');
      return inPortfolio(adAccounts).accountId;
    },
    run: (s, id: string) => adsPost(s, 'assign-ad-account', { id }),
  }),
  'POST /meta-ads/update-whatsapp-number': activityCase({
    action: 'meta-ads.update',
    setup: async (s) => {
      await connected(s);
      const pageId = await firstPage(s);
      made(await adsPost(s, 'select-ad-profile', { selectedMetaPageId: pageId }), 'the page');
      return pageId;
    },
    // Meta sends the number a code: the tab waits for it (SENT).
    run: (s, pageId: string) => adsPost(s, 'update-whatsapp-number', { number: '919811100077', pageId }),
  }),
  'POST /meta-ads/updateMetaAdDetails': activityCase({
    action: 'meta-ads.update',
    setup: (s) => connected(s),
    run: (s) => adsPost(s, 'updateMetaAdDetails', { minDailyBudgetLimit: 750 * 100000 }),
  }),
};

/** Every write route of templates, webhooks (and their delivery console), the private app and Meta Ads. */
export const cases: ActivityCases = { ...templateCases, ...webhookCases, ...metaAdsCases };
