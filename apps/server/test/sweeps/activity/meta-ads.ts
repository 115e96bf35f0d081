import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  adsLoginScopes,
  metaAdTabAllowed,
  type AdAccountsResponse,
  type AssistantDataResponse,
  type PagesResponse,
} from '@pc/contract';
import { connectBlockedBy } from '../../../src/modules/meta-ads/state.js';
import { partners, projectMetaAds, projects } from '../../../src/platform/db/schema.js';
import { call, type TestContext } from '../../harness.js';
import { activityCase, made, send, type ActivityCases, type Sweep } from './case.js';

/**
 * The write routes of the Meta Ad tab. Each case finds its project by the rules its route applies,
 * and makes in its setup what its call changes. The tab needs a WHITELABEL partner (contract
 * metaAdTabAllowed): the demo's ADS_WHITELABEL partner ('ads') has none, Acme's projects with the
 * META_ADS add-on do, so the cases act as the owner.
 */

/** Acme's project whose Meta Ad tab may connect Facebook and has no ad account running: one for the sweep. */
const adsProjects = new WeakMap<TestContext, string>();
const adsProject = async (s: Sweep) => {
  const known = adsProjects.get(s.t);
  if (known) return known;
  const rows = await s.t.database.db
    .select({ project: projects, partner: partners, meta: projectMetaAds })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .leftJoin(
      projectMetaAds,
      and(eq(projectMetaAds.projectId, projects.id), eq(projectMetaAds.partnerId, projects.partnerId)),
    )
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

/** Every write route of the Meta Ad tab. */
export const cases: ActivityCases = {
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
