import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { adsLoginScopes, type MetaAdAccountListResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import { findPartnerIdByName } from '../fixtures.js';
import { partners, projectMetaAds, projects, sandboxPhoneMessages } from '../../src/platform/db/schema.js';

/**
 * The Meta Ads calls' tenant floor: a partner's owner naming another partner's project gets 404 and
 * nothing changes; another Facebook user's ad account or page is refused; the area's tables hold
 * the session's partner's projects only, and a partner off the allow-list gets 403.
 */
let t: TestContext;
const owners = { acme: '', direct: '' };
const theirs = { acme: '', direct: '' };

const withAds = async (partner: string, name: string) => {
  const id = await findPartnerIdByName(t.database.db, partner);
  const [p] = await t.database.db
    .update(projects)
    .set({ addons: { META_ADS: { status: 'ACTIVE', dashboardKey: `dash-${name}` } } })
    .where(and(eq(projects.partnerId, id), eq(projects.name, name)))
    .returning();
  return p!.id;
};
const world = async () => ({
  meta: await t.database.db.select().from(projectMetaAds).orderBy(asc(projectMetaAds.projectId)),
  texts: await t.database.db.select().from(sandboxPhoneMessages),
});
const login = async (userName: string) =>
  (
    await call<{ accessToken: string }>(t.app, 'POST', '/sandbox/facebook/login', {
      body: { scopes: adsLoginScopes, userName },
    })
  ).body.accessToken;

beforeAll(async () => {
  t = await startTestApp();
  owners.acme = await signInAs(t.app, 'owner');
  owners.direct = await signInAs(t.app, 'direct');
  theirs.acme = await withAds('Acme Messaging', 'Sunrise Bakery');
  const direct = await findPartnerIdByName(t.database.db, 'Direct Retail');
  const [p] = await t.database.db.select().from(projects).where(eq(projects.partnerId, direct)).limit(1);
  theirs.direct = await withAds('Direct Retail', p!.name);
});
afterAll(() => t.close());

const calls = (project: string, token: string): [string, string, object?][] => [
  ['GET', `/meta-ads/assistant/${project}`],
  ['POST', '/meta-ads/fb-connect', { assistantId: project, status: 'connected', authResponse: { accessToken: token } }],
  ['POST', '/meta-ads/fb-disconnect', { assistantId: project, fbUserId: '1' }],
  ['POST', '/meta-ads/fetch-pages', { assistantId: project }],
  ['POST', '/meta-ads/fetch-ad-accounts', { assistantId: project }],
  ['POST', '/meta-ads/select-ad-profile', { assistantId: project, selectedMetaAdAccountId: 'act_1' }],
  ['POST', '/meta-ads/freeze-asset', { assistantId: project, adAccountId: 'act_1' }],
  ['POST', '/meta-ads/unfreeze-assets', { assistantId: project, assets: ['adAccount'] }],
  ['POST', '/meta-ads/update-whatsapp-number', { assistantId: project, pageId: '1', number: '919800000001' }],
  ['POST', '/meta-ads/updateMetaAdDetails', { assistantId: project, minDailyBudgetLimit: 100 }],
  ['POST', '/meta-ads/assign-meta-page', { assistantId: project, id: '1' }],
  ['POST', '/meta-ads/assign-ad-account', { assistantId: project, id: 'act_1' }],
];

describe('Meta Ads across partners', () => {
  it("answers 404 for another partner's project on every call, and changes nothing", async () => {
    const token = await login('Floor User');
    // Acme's project connected, so a foreign call would have something to act on.
    await call(t.app, 'POST', '/meta-ads/fb-connect', {
      token: owners.acme,
      body: { assistantId: theirs.acme, status: 'connected', authResponse: { accessToken: token } },
    });
    const before = await world();
    for (const [who, project] of [
      ['direct', theirs.acme],
      ['acme', theirs.direct],
    ] as const)
      for (const [method, url, body] of calls(project, token)) {
        const res = await call(t.app, method as 'GET' | 'POST', url, { token: owners[who], body });
        expect(res.status, `${who} ${url}`).toBe(404);
      }
    expect(await world()).toEqual(before);
  });

  it("refuses another Facebook user's ad account and page", async () => {
    const theirAccounts = await call<{ adAccounts: { accountId: string }[] }>(
      t.app,
      'POST',
      '/meta-ads/fetch-ad-accounts',
      {
        token: owners.acme,
        body: { assistantId: theirs.acme },
      },
    );
    const other = await login('Someone Else');
    const acmeOther = await withAds('Acme Messaging', 'Metro Clinics');
    await call(t.app, 'POST', '/meta-ads/fb-connect', {
      token: owners.acme,
      body: { assistantId: acmeOther, status: 'connected', authResponse: { accessToken: other } },
    });
    const res = await call(t.app, 'POST', '/meta-ads/select-ad-profile', {
      token: owners.acme,
      body: { assistantId: acmeOther, selectedMetaAdAccountId: theirAccounts.body.adAccounts[0]!.accountId },
    });
    expect(res.status).toBe(400);
  });

  it("lists the session's partner's projects only, and refuses a partner off the allow-list", async () => {
    const list = await call<MetaAdAccountListResponse>(t.app, 'POST', '/api/meta-ad-acccount-lists?sort=dec', {
      token: owners.acme,
      body: { skip: 0, rowsPerPage: 100 },
    });
    const ids = list.body.logs.map((r) => r.assistantId);
    expect(ids).toContain(theirs.acme);
    expect(ids).not.toContain(theirs.direct);
    const direct = await findPartnerIdByName(t.database.db, 'Direct Retail');
    await t.database.db.update(partners).set({ flags: {} }).where(eq(partners.id, direct));
    for (const url of [
      '/api/meta-ad-account-counts',
      '/api/meta-ad-counts',
      '/api/meta-ad-lists',
      '/api/meta-ad-acccount-lists',
    ])
      expect((await call(t.app, 'POST', url, { token: owners.direct, body: {} })).status, url).toBe(403);
  });
});
