import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adsLoginScopes,
  metaAdsTexts as m,
  type AdAccountsResponse,
  type AssistantDataResponse,
  type PagesResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { partnerAuditLog, projectMetaAds, projects, sandboxPhoneMessages } from '../../platform/db/schema.js';
import { connectBlockedBy } from './state.js';

/** The project's Meta Ad tab through its calls, with the sandbox's Facebook and ads. */
let t: TestContext;
let owner = '';
let priya = '';
let project = '';
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  priya = await signInAs(t.app, 'priya');
  const acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  const [row] = await t.database.db
    .select()
    .from(projects)
    .where(and(eq(projects.partnerId, acme), eq(projects.name, 'Sunrise Bakery')));
  project = row!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(projectMetaAds).where(eq(projectMetaAds.projectId, project));
  await t.database.db
    .update(projects)
    .set({ addons: { META_ADS: { status: 'ACTIVE', dashboardKey: 'dash-1' } }, adSetupDetails: null })
    .where(eq(projects.id, project));
});

/** The project's entries of an action in the partner's activity log. */
const entriesOf = (action: string) =>
  t.database.db
    .select()
    .from(partnerAuditLog)
    .where(and(eq(partnerAuditLog.targetId, project), eq(partnerAuditLog.action, action)));

const login = async (userName = 'Demo User', scopes: readonly string[] = adsLoginScopes) =>
  (await call<{ accessToken: string }>(t.app, 'POST', '/sandbox/facebook/login', { body: { scopes, userName } })).body
    .accessToken;
const post = <T = Record<string, unknown>>(path: string, body: object, token = owner) =>
  call<T & { message?: string }>(t.app, 'POST', `/meta-ads/${path}`, {
    token,
    body: { assistantId: project, ...body },
  });
const connect = async (token = owner, userName?: string) =>
  post<AssistantDataResponse>(
    'fb-connect',
    { status: 'connected', authResponse: { accessToken: await login(userName) } },
    token,
  );

describe('connecting Facebook', () => {
  it('needs a connected login with every permission the ads need', async () => {
    expect(await post('fb-connect', { status: 'unknown' })).toMatchObject({
      status: 400,
      body: { message: m.connectionFailure },
    });
    const partial = await login('Demo User', ['public_profile', 'business_management', 'ads_read']);
    expect(await post('fb-connect', { status: 'connected', authResponse: { accessToken: partial } })).toMatchObject({
      status: 400,
      body: { message: 'Provide Ads Management permission!' },
    });
    const res = await connect();
    expect(res.status).toBe(200);
    expect(res.body.assistantData).toMatchObject({
      fbConnected: true,
      fbUserName: 'Demo User',
      connectionStage: 'PAGE_NOT_SELECTED',
      isConnectingUser: true,
    });
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project));
    expect(row!.adSetupDetails).toEqual({ isSetupCompleted: false });
    // The activity log names the Facebook user connected, never the token Facebook gave.
    const [meta] = await t.database.db.select().from(projectMetaAds).where(eq(projectMetaAds.projectId, project));
    const entries = await entriesOf('meta-ads.connect');
    expect(entries).toMatchObject([
      { targetName: 'Sunrise Bakery', before: { fbUserName: null }, after: { fbUserName: 'Demo User' } },
    ]);
    expect(JSON.stringify(entries)).not.toContain(meta!.fbTokenSealed!);
  });

  it("is refused with doc 3's reasons, in order, until the project may connect", async () => {
    const [before] = await t.database.db.select().from(projects).where(eq(projects.id, project));
    const set = (fields: Partial<typeof projects.$inferInsert>) =>
      t.database.db.update(projects).set(fields).where(eq(projects.id, project));
    const refusedWith = async (message: string) => {
      expect(await connect()).toMatchObject({ status: 400, body: { message } });
      // The tab's data says the same, for the tooltip on Connect Facebook.
      const tab = await call<AssistantDataResponse>(t.app, 'GET', `/meta-ads/assistant/${project}`, { token: owner });
      expect(tab.body.assistantData.connectBlockedBy).toBe(message);
    };
    try {
      await set({ wabaProgressStep: 8 });
      await refusedWith(m.pendingSync);
      await set({ isWhatsappVerified: false });
      await refusedWith(m.approveFirst);
      await set({ providerType: 'v2' });
      await refusedWith(m.upgrade);
      expect(await t.database.db.select().from(projectMetaAds).where(eq(projectMetaAds.projectId, project))).toEqual(
        [],
      );

      // Without a plan the Meta Ad tab does not exist (doc 2 section 2.1), nor do its calls: doc 3's
      // 'Purchase a plan to continue' is the rule's answer, which neither the console nor the API reaches.
      const { wabaProgressStep, isWhatsappVerified, providerType } = before!;
      await set({ wabaProgressStep, isWhatsappVerified, providerType, activePlan: 'NONE' });
      expect(await connect()).toMatchObject({ status: 403, body: { message: m.tabNotAvailable } });
      const [planless] = await t.database.db.select().from(projects).where(eq(projects.id, project));
      expect(connectBlockedBy(planless!)).toBe(m.purchasePlan);
    } finally {
      const { activePlan, wabaProgressStep, isWhatsappVerified, providerType } = before!;
      await set({ activePlan, wabaProgressStep, isWhatsappVerified, providerType });
    }
  });

  it('is refused on a project without the add-on, and another partner’s project is not found', async () => {
    await t.database.db.update(projects).set({ addons: {} }).where(eq(projects.id, project));
    expect((await connect()).status).toBe(403);
    const direct = await signInAs(t.app, 'direct');
    const other = await post('fetch-pages', {}, direct);
    expect(other.status).toBe(404);
  });
});

describe('the ad account and page', () => {
  it('are chosen from the user’s assets with their tags, frozen by the connecting user only', async () => {
    await connect();
    const { adAccounts } = (await post<AdAccountsResponse>('fetch-ad-accounts', {})).body;
    const { pages } = (await post<PagesResponse>('fetch-pages', {})).body;
    expect(adAccounts.length).toBeGreaterThan(1);
    expect(new Set([...adAccounts, ...pages].map((a) => a.tag))).toContain('Personal');
    const account = adAccounts[0]!.accountId;
    const page = pages[0]!.pageId;
    const chosen = await post<AssistantDataResponse>('select-ad-profile', {
      selectedMetaAdAccountId: account,
      selectedMetaPageId: page,
    });
    expect(chosen.body.assistantData.connectionStage).toBe('WA_NUMBER_NOT_LINKED');
    expect(await post('select-ad-profile', { selectedMetaAdAccountId: 'act_1' })).toMatchObject({
      status: 400,
      body: { message: m.notYourAsset },
    });

    // A page only after its ad account; only the user who connected.
    expect(await post('freeze-asset', { pageId: page })).toMatchObject({ body: { message: m.freezeAccountFirst } });
    expect(await post('freeze-asset', { adAccountId: account }, priya)).toMatchObject({
      status: 403,
      body: { message: m.onlyConnectingUser },
    });
    expect((await post('freeze-asset', { adAccountId: account })).body).toMatchObject({
      freezedMetaAdAccountId: account,
    });
    // Another user sees only the frozen account and cannot choose another.
    const seen = (await post<AdAccountsResponse>('fetch-ad-accounts', {}, priya)).body.adAccounts;
    expect(seen.map((a) => a.accountId)).toEqual([account]);
    expect(await post('select-ad-profile', { selectedMetaAdAccountId: adAccounts[1]!.accountId }, priya)).toMatchObject(
      { status: 403, body: { message: m.frozenByOther } },
    );
    expect(await post('fb-disconnect', { fbUserId: 'x' }, priya)).toMatchObject({ status: 400 });
    const fbUserId = chosen.body.assistantData.fbUserId!;
    expect(await post('fb-disconnect', { fbUserId }, priya)).toMatchObject({ status: 403 });
    expect((await post('unfreeze-assets', { assets: ['adAccount'] })).body).toEqual({
      freezedMetaAdAccountId: null,
      freezedMetaPageId: null,
    });
    const gone = await post<AssistantDataResponse>('fb-disconnect', { fbUserId });
    expect(gone.body.assistantData).toMatchObject({ fbConnected: false, connectionStage: 'FB_NOT_CONNECTED' });
  });
});

describe('one project an ad account', () => {
  it('refuses an account that runs another project’s ads (its spend is debited there)', async () => {
    await connect();
    const { adAccounts } = (await post<AdAccountsResponse>('fetch-ad-accounts', {})).body;
    const account = adAccounts[0]!.accountId;
    expect((await post('select-ad-profile', { selectedMetaAdAccountId: account })).status).toBe(200);
    const acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
    const [zen] = await t.database.db
      .update(projects)
      .set({ addons: { META_ADS: { status: 'ACTIVE', dashboardKey: 'dash-2' } } })
      .where(and(eq(projects.partnerId, acme), eq(projects.name, 'Zen Yoga')))
      .returning();
    const onZen = (path: string, body: object) =>
      call(t.app, 'POST', `/meta-ads/${path}`, { token: owner, body: { assistantId: zen!.id, ...body } });
    await onZen('fb-connect', { status: 'connected', authResponse: { accessToken: await login() } });
    expect(await onZen('select-ad-profile', { selectedMetaAdAccountId: account })).toMatchObject({
      status: 400,
      body: { message: m.accountInUse },
    });
    await t.database.db.delete(projectMetaAds).where(eq(projectMetaAds.projectId, zen!.id));
  });
});

describe('linking the WhatsApp number', () => {
  it('sends a code to the number and links it with the code', async () => {
    await connect();
    const { pages } = (await post<PagesResponse>('fetch-pages', {})).body;
    expect(await post('update-whatsapp-number', { number: '919800000001' })).toMatchObject({
      status: 400,
      body: { message: m.selectPage },
    });
    await post('select-ad-profile', { selectedMetaPageId: pages[0]!.pageId });
    const number = '919811100099';
    const sent = await post('update-whatsapp-number', { number, pageId: pages[0]!.pageId });
    expect(sent.body).toMatchObject({ otpState: 'SENT' });
    expect(
      await post('update-whatsapp-number', { number, pageId: pages[0]!.pageId, verificationCode: '' }),
    ).toMatchObject({ status: 400, body: { message: m.enterOtp } });
    const [text] = await t.database.db
      .select()
      .from(sandboxPhoneMessages)
      .where(eq(sandboxPhoneMessages.phone, number));
    const code = /\b(\d{4})\b/.exec(text!.text)![1]!;
    const linked = await post<{ otpState: string; assistant: { connectionStage: string } }>('update-whatsapp-number', {
      number,
      pageId: pages[0]!.pageId,
      verificationCode: code,
    });
    expect(linked.body).toMatchObject({ otpState: 'VERIFIED', assistant: { connectionStage: 'CONNECTED' } });
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project));
    expect(row!.adSetupDetails).toEqual({ isSetupCompleted: true });
  });
});

describe('budgets', () => {
  it('sets one at a time, above zero', async () => {
    expect((await post('updateMetaAdDetails', { minDailyBudgetLimit: 0 })).status).toBe(400);
    const res = await post('updateMetaAdDetails', { minDailyBudgetLimit: 500 * 100000 });
    expect(res.body).toEqual({ metaAdsDetails: { minDailyBudgetLimit: 500 * 100000, totalAssignedBudget: null } });
    // The activity log has the budget as it was and as it is, in the same 1/100000 of the currency.
    const budgets = (await entriesOf('meta-ads.update')).filter((e) => e.after && 'minDailyBudgetLimit' in e.after);
    expect(budgets).toMatchObject([
      { before: { minDailyBudgetLimit: null }, after: { minDailyBudgetLimit: 500 * 100000 } },
    ]);
    const both = await post('updateMetaAdDetails', { minDailyBudgetLimit: 1, totalAssignedBudget: 1 });
    expect(both.status).toBe(400);
  });
});
