import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeAnswer, type SeenRequest } from '../fake-graph.js';
import { InvalidAccessToken } from '../signup/signup.js';
import { createGraphMetaAds } from './graph.js';
import { MetaApiError } from '../graph-error.js';

/** The live Meta Ads client against a fake Graph API: the calls it makes and what it makes of the answers. */
let close: () => Promise<void> = async () => {};
afterEach(() => close());
/** The fake's origin, for the `next` links it writes as Meta does (absolute). */
let origin = '';

const proof = (token: string) => createHmac('sha256', 'shh').update(token).digest('hex');
const ok = (json: unknown): FakeAnswer => ({ status: 200, json });
const parts = (req: SeenRequest) => {
  const url = new URL(req.url, 'http://fake');
  return { path: url.pathname.replace(/^\/v21\.0\//, ''), query: Object.fromEntries(url.searchParams) };
};
const client = async (answer: (req: SeenRequest) => FakeAnswer, businessId?: string) => {
  const fake = await startFakeGraph(answer);
  close = fake.close;
  origin = new URL(fake.graphUrl).origin;
  const ads = createGraphMetaAds(
    { graphUrl: fake.graphUrl, appId: 'app-1', appSecret: 'shh', ...(businessId ? { businessId } : {}) },
    () => new Date('2026-03-01T20:00:00Z'),
  );
  return { fake, ads };
};

describe('the user', () => {
  it('reads who the token is and the permissions granted, each call with the app secret proof', async () => {
    const { fake, ads } = await client((req) =>
      parts(req).path === 'me'
        ? ok({ id: '1001', name: 'Asha Rao' })
        : ok({
            data: [
              { permission: 'ads_read', status: 'granted' },
              { permission: 'ads_management', status: 'declined' },
              { permission: 'pages_show_list', status: 'granted' },
            ],
          }),
    );
    expect(await ads.user('user-token')).toEqual({
      userId: '1001',
      name: 'Asha Rao',
      grantedScopes: ['ads_read', 'pages_show_list'],
    });
    expect(fake.seen.map((r) => parts(r).path)).toEqual(['me', 'me/permissions']);
    expect(parts(fake.seen[0]!).query).toMatchObject({ fields: 'id,name', appsecret_proof: proof('user-token') });
    expect(fake.seen.every((r) => r.authorization === 'Bearer user-token')).toBe(true);
  });

  it('says an expired token or another app’s is not a valid login; passes other errors on', async () => {
    const expired = await client(() => ({
      status: 400,
      json: { error: { code: 190, error_subcode: 463, message: 'Session has expired', fbtrace_id: 'T1' } },
    }));
    await expect(expired.ads.user('t')).rejects.toBeInstanceOf(InvalidAccessToken);
    await close();
    const foreign = await client(() => ({
      status: 400,
      json: { error: { code: 100, message: 'Invalid appsecret_proof provided in the API argument' } },
    }));
    await expect(foreign.ads.user('t')).rejects.toBeInstanceOf(InvalidAccessToken);
    await close();
    const down = await client(() => ({ status: 500, json: { error: { code: 2, message: 'Service unavailable' } } }));
    await expect(down.ads.user('t')).rejects.toMatchObject({ code: 2, httpStatus: 500 });
  });
});

describe('assets', () => {
  it('lists the ad accounts over every page, INR and USD ones, personal ones not assigned', async () => {
    const { fake, ads } = await client((req) => {
      const { query } = parts(req);
      if (query.after === 'c2') return ok({ data: [{ id: 'act_3', account_id: '3', name: 'Euro', currency: 'EUR' }] });
      return ok({
        data: [
          { id: 'act_1', account_id: '1', name: 'Mine', currency: 'INR' },
          { id: 'act_2', account_id: '2', name: 'Shop', currency: 'USD', business: { id: '77', name: 'Shop Co' } },
        ],
        // Meta's own link is on its host, not this fake's: the client follows the cursor on its own URL.
        paging: { cursors: { after: 'c2' }, next: 'https://graph.facebook.com/v21.0/me/adaccounts?after=c2' },
      });
    });
    expect(await ads.adAccounts('t')).toEqual([
      {
        accountId: 'act_1',
        accountName: 'Mine',
        currency: 'INR',
        metaBusinessId: null,
        metaBusinessName: null,
        isAssigned: false,
      },
      {
        accountId: 'act_2',
        accountName: 'Shop',
        currency: 'USD',
        metaBusinessId: '77',
        metaBusinessName: 'Shop Co',
        isAssigned: true,
      },
    ]);
    expect(fake.seen).toHaveLength(2);
    expect(parts(fake.seen[0]!).query).toMatchObject({
      fields: 'account_id,name,currency,business{id,name}',
      limit: '100',
    });
  });

  it('with the platform business: assigned when the asset is shared with it (confirmed), pages with their token', async () => {
    const { fake, ads } = await client((req) => {
      const { path } = parts(req);
      if (path === 'me/adaccounts')
        return ok({
          data: [
            { id: 'act_1', name: 'A', currency: 'INR', business: { id: '77', name: 'B' } },
            { id: 'act_2', name: 'C', currency: 'INR', business: { id: '77', name: 'B' } },
          ],
        });
      if (path === 'act_1/agencies') return ok({ data: [{ id: '900', access_status: 'CONFIRMED' }] });
      if (path === 'act_2/agencies') return ok({ data: [{ id: '900', access_status: 'PENDING' }] });
      if (path === 'me/accounts')
        return ok({
          data: [
            {
              id: '51',
              name: 'Page',
              business: { id: '77', name: 'B' },
              whatsapp_number: '+91 98111 22230',
              access_token: 'page-51',
            },
            { id: '52', name: 'Own page' },
          ],
        });
      if (path === '51/agencies') return { status: 403, json: { error: { code: 200, message: 'Permissions error' } } };
      return ok({ data: [] });
    }, '900');
    expect((await ads.adAccounts('t')).map((a) => a.isAssigned)).toEqual([true, false]);
    expect(await ads.pages('t')).toEqual([
      {
        pageId: '51',
        pageName: 'Page',
        metaBusinessId: '77',
        metaBusinessName: 'B',
        isAssigned: false,
        whatsappNumber: '919811122230',
      },
      {
        pageId: '52',
        pageName: 'Own page',
        metaBusinessId: null,
        metaBusinessName: null,
        isAssigned: false,
        whatsappNumber: null,
      },
    ]);
    const pageAgencies = fake.seen.find((r) => parts(r).path === '51/agencies')!;
    expect(pageAgencies.authorization).toBe('Bearer page-51');
    expect(parts(pageAgencies).query.appsecret_proof).toBe(proof('page-51'));
  });

  it('assigns by sharing the asset with the platform business; without one it cannot', async () => {
    const { fake, ads } = await client(
      (req) => (parts(req).path === '51' ? ok({ access_token: 'page-51', id: '51' }) : ok({ success: true })),
      '900',
    );
    await ads.assignAdAccount('t', 'act_1');
    await ads.assignPage('t', '51');
    const [account, , page] = fake.seen;
    expect([account!.method, parts(account!).path]).toEqual(['POST', 'act_1/agencies']);
    expect(JSON.parse(account!.body)).toEqual({
      business: '900',
      permitted_tasks: ['MANAGE', 'ADVERTISE', 'ANALYZE'],
      appsecret_proof: proof('t'),
    });
    expect([page!.method, parts(page!).path, page!.authorization]).toEqual(['POST', '51/agencies', 'Bearer page-51']);
    expect(JSON.parse(page!.body)).toMatchObject({ business: '900', appsecret_proof: proof('page-51') });
    await close();
    const unset = await client(() => ok({ success: true }));
    await expect(unset.ads.assignAdAccount('t', 'act_1')).rejects.toThrow(/business id/);
    expect(unset.fake.seen).toHaveLength(0);
  });

  it('links a number: a call without the code sends one, with it verifies; Meta’s refusal is passed on', async () => {
    let status = 'VERIFIED';
    const { fake, ads } = await client((req) => {
      if (req.method === 'GET') return ok({ access_token: 'page-51' });
      const body = JSON.parse(req.body) as { verification_code?: string };
      if (body.verification_code === '0000')
        return ok({ verification_status: 'NOT_VERIFIED', error_message: 'Wrong code' });
      return ok({ verification_status: body.verification_code ? status : 'CODE_SENT' });
    });
    expect(await ads.linkWhatsappNumber('t', '51', '919811122230')).toBe('SENT');
    expect(JSON.parse(fake.seen[1]!.body)).toMatchObject({ whatsapp_number: '+919811122230' });
    expect(parts(fake.seen[1]!).path).toBe('51/page_whatsapp_number_verification');
    expect(await ads.linkWhatsappNumber('t', '51', '919811122230', '1234')).toBe('VERIFIED');
    expect(JSON.parse(fake.seen[3]!.body)).toMatchObject({ verification_code: '1234' });
    await expect(ads.linkWhatsappNumber('t', '51', '919811122230', '0000')).rejects.toMatchObject({
      code: 100,
      userMessage: 'Wrong code',
    });
    status = 'NOT_VERIFIED';
    await expect(ads.linkWhatsappNumber('t', '51', '919811122230', '1234')).rejects.toBeInstanceOf(MetaApiError);
  });
});

describe('ads', () => {
  it('reads the ads with their budgets and schedule and their lifetime insights, amounts exact', async () => {
    const { fake, ads } = await client((req) => {
      const { path } = parts(req);
      if (path === 'act_9/ads')
        return ok({
          data: [
            {
              id: '601',
              name: 'Festive',
              effective_status: 'ACTIVE',
              adset: {
                daily_budget: '50000',
                start_time: '2026-01-10T10:00:00+0530',
                end_time: '2026-03-10T10:00:00+0530',
              },
            },
            {
              id: '602',
              name: 'Chat',
              effective_status: 'IN_PROCESS',
              campaign: { daily_budget: '123456' },
              created_time: '2026-02-01T00:00:00+0000',
            },
          ],
        });
      return ok({
        data: [
          {
            ad_id: '601',
            impressions: '120345',
            reach: '98000',
            clicks: '2301',
            unique_clicks: '2100',
            spend: '10234.57',
            quality_ranking: 'ABOVE_AVERAGE',
            engagement_rate_ranking: 'BELOW_AVERAGE_20',
            actions: [
              { action_type: 'onsite_conversion.messaging_conversation_started_7d', value: '640' },
              { action_type: 'onsite_conversion.messaging_first_reply', value: '410' },
              { action_type: 'onsite_conversion.lead_grouped', value: '88' },
              { action_type: 'link_click', value: '2301' },
            ],
          },
        ],
      });
    });
    expect(await ads.ads('t', 'act_9')).toEqual([
      {
        adId: '601',
        adName: 'Festive',
        adAccountId: 'act_9',
        status: 'ACTIVE',
        startTime: '2026-01-10T04:30:00.000Z',
        stopTime: '2026-03-10T04:30:00.000Z',
        dailyBudget: 50_000_000,
        qualityRanking: 'ABOVE_AVERAGE',
        engagementRateRanking: 'BELOW_AVERAGE_20',
        impressions: 120345,
        reach: 98000,
        clicks: 2301,
        uniqueClicks: 2100,
        spend: 1_023_457_000,
        messagingConversationsStarted: 640,
        messagingFirstReplies: 410,
        leads: 88,
      },
      {
        adId: '602',
        adName: 'Chat',
        adAccountId: 'act_9',
        status: 'PENDING_REVIEW',
        startTime: '2026-02-01T00:00:00.000Z',
        stopTime: null,
        dailyBudget: 123_456_000,
        qualityRanking: 'UNKNOWN',
        engagementRateRanking: 'UNKNOWN',
        impressions: 0,
        reach: 0,
        clicks: 0,
        uniqueClicks: 0,
        spend: 0,
        messagingConversationsStarted: 0,
        messagingFirstReplies: 0,
        leads: 0,
      },
    ]);
    const insights = parts(fake.seen[1]!);
    expect(insights.path).toBe('act_9/insights');
    expect(insights.query).toMatchObject({ level: 'ad', date_preset: 'maximum' });
    expect(insights.query.fields).toContain('actions');
  });

  it('reads the spend per day up to today in the account’s time zone, over every page', async () => {
    const { fake, ads } = await client((req) => {
      const { path, query } = parts(req);
      if (path === 'act_9') return ok({ id: 'act_9', timezone_name: 'Asia/Kolkata' });
      if (query.after === 'p2') return ok({ data: [{ ad_id: '601', date_start: '2026-03-02', spend: '12.3' }] });
      return ok({
        data: [
          { ad_id: '601', date_start: '2026-02-28', spend: '480.10' },
          { ad_id: '602', date_start: '2026-02-28', spend: '0.01' },
        ],
        paging: { cursors: { after: 'p2' }, next: `${origin}${req.url}&after=p2` },
      });
    });
    expect(await ads.dailySpend('t', 'act_9', '2026-02-28')).toEqual([
      { adId: '601', day: '2026-02-28', spend: 48_010_000 },
      { adId: '602', day: '2026-02-28', spend: 1000 },
      { adId: '601', day: '2026-03-02', spend: 1_230_000 },
    ]);
    const first = parts(fake.seen[1]!).query;
    expect(first).toMatchObject({ level: 'ad', time_increment: '1', fields: 'ad_id,spend,date_start' });
    // 20:00 UTC on 1 March is 2 March in India.
    expect(JSON.parse(first.time_range!)).toEqual({ since: '2026-02-28', until: '2026-03-02' });
  });

  it('pauses the running ads one by one', async () => {
    const { fake, ads } = await client((req) =>
      req.method === 'GET'
        ? ok({
            data: [
              { id: '601', status: 'ACTIVE' },
              { id: '602', status: 'PAUSED' },
              { id: '603', status: 'ACTIVE' },
            ],
          })
        : ok({ success: true }),
    );
    await ads.pauseAds('t', 'act_9');
    const posts = fake.seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => parts(r).path)).toEqual(['601', '603']);
    expect(JSON.parse(posts[0]!.body)).toMatchObject({ status: 'PAUSED' });
  });

  it('passes Meta’s error on with its code and trace, and refuses an endless list', async () => {
    const refused = await client(() => ({
      status: 400,
      json: { error: { code: 100, error_subcode: 33, message: 'Unsupported get request.', fbtrace_id: 'Atrace' } },
    }));
    const error = await refused.ads.ads('t', 'act_9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error).toMatchObject({ code: 100, subcode: 33, traceId: 'Atrace' });
    await close();
    const endless = await client((req) =>
      ok({ data: [{ id: 'act_1', currency: 'INR' }], paging: { next: `${origin}${req.url}&x=1` } }),
    );
    await expect(endless.ads.adAccounts('t')).rejects.toThrow(/20 pages/);
    expect(endless.fake.seen).toHaveLength(20);
  });
});

describe('the long-lived token', () => {
  it('is exchanged with the app’s id and secret; a token Facebook refuses is an InvalidAccessToken', async () => {
    const { fake, ads } = await client((req) =>
      parts(req).query.fb_exchange_token === 'short'
        ? ok({ access_token: 'long', token_type: 'bearer', expires_in: 5_183_944 })
        : { status: 400, json: { error: { code: 190, message: 'Error validating access token' } } },
    );
    expect(await ads.longLivedToken('short')).toBe('long');
    expect(parts(fake.seen[0]!)).toEqual({
      path: 'oauth/access_token',
      query: { grant_type: 'fb_exchange_token', client_id: 'app-1', client_secret: 'shh', fb_exchange_token: 'short' },
    });
    await expect(ads.longLivedToken('expired')).rejects.toBeInstanceOf(InvalidAccessToken);
  });
});
