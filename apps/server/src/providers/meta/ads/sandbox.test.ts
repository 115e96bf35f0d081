import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../platform/db/open.js';
import { createSandboxSms } from '../../sms/sandbox.js';
import { createSandboxFacebookLogin } from '../facebook/sandbox-login.js';
import { InvalidAccessToken } from '../signup/signup.js';
import type { ProviderAd } from './ads.js';
import { createSandboxMetaAds } from './sandbox.js';
import { adsLoginScopes } from '@pc/contract';
import { MetaApiError } from '../graph-error.js';

/** The sandbox Meta Ads: each Facebook user's generated world, what they change of it, and Meta's refusals. */
let database: Database;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const now = () => clock.now;
const facebook = createSandboxFacebookLogin('sandbox-test-secret', now);
const ALL_SCOPES = [...adsLoginScopes];
const RANKINGS = ['ABOVE_AVERAGE', 'AVERAGE', 'BELOW_AVERAGE_35', 'BELOW_AVERAGE_20', 'BELOW_AVERAGE_10', 'UNKNOWN'];
const RUPEE = 100_000;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const sandbox = (db = database.db) => createSandboxMetaAds({ db, now, facebook });
const login = (userName: string, scopes = ALL_SCOPES) => facebook.issue({ scopes, userName });
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
const refusalOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MetaApiError);
  const e = error as MetaApiError;
  expect(e.traceId).toMatch(/^[\w-]{8,}$/);
  return [e.code, e.subcode ?? null];
};
/** Everything the user sees: accounts, pages, each account's ads. */
const everything = async (s: ReturnType<typeof sandbox>, token: string) => {
  const accounts = await s.adAccounts(token);
  const ads: ProviderAd[][] = [];
  for (const a of accounts) ads.push(await s.ads(token, a.accountId));
  return { accounts, pages: await s.pages(token), ads };
};
/** An ad delivering now, with no stop ahead of the next days. */
const runningAd = (ads: ProviderAd[]) =>
  ads.find(
    (ad) => ad.status === 'ACTIVE' && (ad.stopTime === null || Date.parse(ad.stopTime) > now().getTime() + 3 * DAY),
  );
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('the world of a Facebook user', () => {
  it('is the same on every call and on another server, and another user has another one', async () => {
    const token = await login('Asha Rao');
    const seen = await everything(sandbox(), token);
    expect(await everything(sandbox(), token)).toEqual(seen);
    // Another server with its own database, the user first seen at the same moment: the same world.
    const other = await freshDatabase();
    try {
      expect(await everything(sandbox(other.db), token)).toEqual(seen);
    } finally {
      await other.close();
    }
    // The name is the user, whatever its case and spacing: the same assets (named as the name is typed).
    const ids = (w: typeof seen) => [...w.accounts.map((a) => a.accountId), ...w.pages.map((p) => p.pageId)];
    expect(ids(await everything(sandbox(), await login('asha   RAO')))).toEqual(ids(seen));
    const ravi = await sandbox().adAccounts(await login('Ravi Kumar'));
    expect(ravi.map((a) => a.accountId)).not.toEqual(expect.arrayContaining(seen.accounts.map((a) => a.accountId)));
  });

  it('has businesses, 3 to 4 INR ad accounts, 2 to 3 pages and 2 to 5 click-to-WhatsApp ads per account', async () => {
    const { accounts, pages, ads } = await everything(sandbox(), await login('Meera Iyer'));
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    expect(accounts.length).toBeLessThanOrEqual(4);
    for (const a of accounts) {
      expect(a.accountId).toMatch(/^act_\d{15}$/);
      expect(a.currency).toBe('INR');
      if (a.metaBusinessId) {
        expect(a.metaBusinessId).toMatch(/^\d{15}$/);
        expect(a.metaBusinessName).toMatch(/^Meera Iyer (Media|Ventures)$/);
      }
    }
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(3);
    expect(new Set(pages.map((p) => p.pageName)).size).toBe(pages.length);
    expect(pages.every((p) => p.whatsappNumber === null)).toBe(true);
    for (const list of ads) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(5);
      for (const ad of list) {
        expect(ad.dailyBudget % RUPEE).toBe(0);
        expect(ad.dailyBudget).toBeGreaterThanOrEqual(200 * RUPEE);
        expect(ad.dailyBudget).toBeLessThanOrEqual(2000 * RUPEE);
        expect(RANKINGS).toContain(ad.qualityRanking);
        expect(RANKINGS).toContain(ad.engagementRateRanking);
        const age = now().getTime() - Date.parse(ad.startTime);
        if (ad.status !== 'PENDING_REVIEW') expect(age / DAY).toBeGreaterThanOrEqual(10);
        expect(age / DAY).toBeLessThanOrEqual(61);
        expect(ad.reach).toBeLessThanOrEqual(ad.impressions);
        expect(ad.uniqueClicks).toBeLessThanOrEqual(ad.clicks);
        expect(ad.messagingFirstReplies).toBeLessThanOrEqual(ad.messagingConversationsStarted);
        expect(ad.leads).toBeLessThanOrEqual(ad.messagingConversationsStarted);
      }
    }
    const all = ads.flat();
    expect(all.filter((ad) => ad.status === 'ACTIVE').length).toBeGreaterThanOrEqual(accounts.length);
    const spent = all.filter((ad) => ad.spend > 0);
    expect(spent.length).toBeGreaterThan(0);
    // Realistic ratios over the lifetime: CTR 0.8 to 3 %, reach 70 to 90 % of impressions.
    const [impressions, clicks, reach] = [
      sum(spent.map((a) => a.impressions)),
      sum(spent.map((a) => a.clicks)),
      sum(spent.map((a) => a.reach)),
    ];
    expect(clicks / impressions).toBeGreaterThan(0.007);
    expect(clicks / impressions).toBeLessThan(0.031);
    expect(reach / impressions).toBeGreaterThan(0.69);
    expect(reach / impressions).toBeLessThan(0.91);
  });

  it('mixes the ads’ statuses across users: paused, deleted or archived, in review', async () => {
    const statuses = new Set<string>();
    for (const name of ['Kiran Das', 'Neha Shah', 'Arjun Nair', 'Pooja Mehta', 'Vikram Singh']) {
      const { ads } = await everything(sandbox(), await login(name));
      for (const ad of ads.flat()) statuses.add(ad.status);
    }
    for (const status of ['ACTIVE', 'PAUSED', 'PENDING_REVIEW']) expect(statuses).toContain(status);
    expect(statuses.has('DELETED') || statuses.has('ARCHIVED')).toBe(true);
  });

  it('tags its assets: one personal ad account and page (no business), assigned ones and limited ones', async () => {
    const { accounts, pages } = await everything(sandbox(), await login('Farah Khan'));
    const personal = accounts.filter((a) => a.metaBusinessId === null);
    expect(personal).toHaveLength(1);
    expect(personal[0]).toMatchObject({ metaBusinessName: null, isAssigned: false, accountName: 'Farah Khan' });
    expect(accounts.some((a) => a.metaBusinessId && a.isAssigned)).toBe(true);
    expect(accounts.some((a) => a.metaBusinessId && !a.isAssigned)).toBe(true);
    expect(pages.filter((p) => p.metaBusinessId === null)).toHaveLength(1);
    expect(pages.some((p) => p.metaBusinessId && p.isAssigned)).toBe(true);
  });
});

describe('assigning', () => {
  it('makes a limited ad account or page assigned, for every server; a personal one is refused', async () => {
    const token = await login('Sanjay Gupta');
    const s = sandbox();
    const limited = (await s.adAccounts(token)).find((a) => a.metaBusinessId && !a.isAssigned)!;
    await s.assignAdAccount(token, limited.accountId);
    expect((await sandbox().adAccounts(token)).find((a) => a.accountId === limited.accountId)!.isAssigned).toBe(true);
    // Again: nothing to do.
    await s.assignAdAccount(token, limited.accountId);
    const personal = (await s.adAccounts(token)).find((a) => a.metaBusinessId === null)!;
    expect(await refusalOf(s.assignAdAccount(token, personal.accountId))).toEqual([100, null]);

    const pages = await s.pages(token);
    const page = pages.find((p) => p.metaBusinessId && !p.isAssigned) ?? pages.find((p) => p.metaBusinessId)!;
    await s.assignPage(token, page.pageId);
    expect((await s.pages(token)).find((p) => p.pageId === page.pageId)!.isAssigned).toBe(true);
    const personalPage = pages.find((p) => p.metaBusinessId === null)!;
    expect(await refusalOf(s.assignPage(token, personalPage.pageId))).toEqual([100, null]);
  });

  it("refuses another user's asset ids with Meta's 100/33, on every call", async () => {
    const s = sandbox();
    const theirs = await login('Owner Of Assets');
    const account = (await s.adAccounts(theirs))[1]!.accountId;
    const page = (await s.pages(theirs))[1]!.pageId;
    const mine = await login('Someone Else');
    for (const call of [
      () => s.assignAdAccount(mine, account),
      () => s.assignPage(mine, page),
      () => s.linkWhatsappNumber(mine, page, '919811122230'),
      () => s.ads(mine, account),
      () => s.dailySpend(mine, account, '2026-01-01'),
      () => s.pauseAds(mine, account),
      () => s.ads(mine, 'act_123'),
    ])
      expect(await refusalOf(call())).toEqual([100, 33]);
  });
});

describe('the numbers', () => {
  it('add up: lifetime totals are the sum of the spend per day', async () => {
    const token = await login('Lakshmi Rao');
    const s = sandbox();
    for (const { accountId: account } of await s.adAccounts(token)) {
      const ads = await s.ads(token, account);
      const daily = await s.dailySpend(token, account, '2025-01-01');
      for (const ad of ads) {
        const days = daily.filter((d) => d.adId === ad.adId);
        expect(sum(days.map((d) => d.spend))).toBe(ad.spend);
        expect(days.every((d) => Number.isInteger(d.spend) && d.spend % 1000 === 0)).toBe(true);
        // A full day spends 55 to 100 % of the budget, never more.
        expect(days.every((d) => d.spend <= ad.dailyBudget)).toBe(true);
      }
      // `since` leaves out the days before it.
      const lastWeek = new Date(now().getTime() - 7 * DAY).toISOString().slice(0, 10);
      const recent = await s.dailySpend(token, account, lastWeek);
      expect(recent).toEqual(daily.filter((d) => d.day >= lastWeek));
    }
    expect(await refusalOf(s.dailySpend(token, (await s.adAccounts(token))[0]!.accountId, 'yesterday'))).toEqual([
      100,
      null,
    ]);
  });

  it('grow while an ad runs, and stop growing once its account is paused', async () => {
    const token = await login('Running Ads');
    const s = sandbox();
    let account = '';
    let before: ProviderAd[] = [];
    for (const a of await s.adAccounts(token)) {
      before = await s.ads(token, a.accountId);
      account = a.accountId;
      if (runningAd(before)) break;
    }
    const ad = runningAd(before)!;
    expect(ad).toBeDefined();
    later(3 * 3_600_000);
    const after = (await s.ads(token, account)).find((a) => a.adId === ad.adId)!;
    expect(after.spend).toBeGreaterThan(ad.spend);
    expect(after.impressions).toBeGreaterThan(ad.impressions);

    await s.pauseAds(token, account);
    const paused = await s.ads(token, account);
    expect(paused.filter((a) => a.status === 'ACTIVE' || a.status === 'PENDING_REVIEW')).toEqual([]);
    // Deleted or archived ads stay as they were.
    for (const was of before.filter((a) => a.status === 'DELETED' || a.status === 'ARCHIVED'))
      expect(paused.find((a) => a.adId === was.adId)!.status).toBe(was.status);
    later(DAY);
    expect(await s.ads(token, account)).toEqual(paused);
    // Pausing again changes nothing.
    await s.pauseAds(token, account);
    expect(await s.ads(token, account)).toEqual(paused);
  });
});

describe('linking a WhatsApp number to a page', () => {
  const inbox = async (number: string) => createSandboxSms(database.db, now).inbox(database.db, number);

  it('sends a 4-digit code to the sandbox phone, refuses a wrong one and links with the right one', async () => {
    const token = await login('Link Tester');
    const s = sandbox();
    const page = (await s.pages(token))[0]!;
    const number = '919811122230';
    expect(await s.linkWhatsappNumber(token, page.pageId, number)).toBe('SENT');
    const [message] = await inbox(number);
    expect(message!.text).toContain(page.pageName);
    const code = /\b(\d{4})\b/.exec(message!.text)![1]!;
    expect(
      await refusalOf(s.linkWhatsappNumber(token, page.pageId, number, code === '0000' ? '1111' : '0000')),
    ).toEqual([100, null]);
    // The code is for that number only.
    expect(await refusalOf(s.linkWhatsappNumber(token, page.pageId, '919800000000', code))).toEqual([100, null]);
    expect(await s.linkWhatsappNumber(token, page.pageId, number, code)).toBe('VERIFIED');
    expect((await s.pages(token)).find((p) => p.pageId === page.pageId)!.whatsappNumber).toBe(number);
    // Used: a second time is refused.
    expect(await refusalOf(s.linkWhatsappNumber(token, page.pageId, number, code))).toEqual([100, null]);
  });

  it('expires a code after 10 minutes and after 5 wrong tries', async () => {
    const token = await login('Slow Typist');
    const s = sandbox();
    const page = (await s.pages(token))[1]!;
    const number = '919811122231';
    await s.linkWhatsappNumber(token, page.pageId, number);
    const first = /\b(\d{4})\b/.exec((await inbox(number))[0]!.text)![1]!;
    later(10 * 60_000 + 1);
    const expired = await s.linkWhatsappNumber(token, page.pageId, number, first).catch((e: MetaApiError) => e);
    expect(expired).toMatchObject({ code: 100, userMessage: 'The code has expired. Request a new code.' });

    later(60_000);
    await s.linkWhatsappNumber(token, page.pageId, number);
    const second = /\b(\d{4})\b/.exec((await inbox(number))[0]!.text)![1]!;
    const wrong = second === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i += 1) await refusalOf(s.linkWhatsappNumber(token, page.pageId, number, wrong));
    const last = await s.linkWhatsappNumber(token, page.pageId, number, wrong).catch((e: MetaApiError) => e);
    expect(last).toMatchObject({ code: 100, userMessage: 'Too many incorrect codes. Request a new code.' });
    expect(await refusalOf(s.linkWhatsappNumber(token, page.pageId, number, second))).toEqual([100, null]);
    expect((await s.pages(token)).find((p) => p.pageId === page.pageId)!.whatsappNumber).toBeNull();
  });
});

describe('the login', () => {
  it('says who the user is and what they granted; refuses a token that is not a login', async () => {
    const s = sandbox();
    const user = await s.user(await login('Demo User', ['ads_read', 'pages_show_list']));
    expect(user).toEqual({
      userId: expect.stringMatching(/^\d{15}$/),
      name: 'Demo User',
      grantedScopes: ['ads_read', 'pages_show_list'],
    });
    expect((await s.user(await login('demo user'))).userId).toBe(user.userId);
    await expect(s.user('not-a-token')).rejects.toBeInstanceOf(InvalidAccessToken);
    expect(await refusalOf(s.adAccounts('not-a-token'))).toEqual([190, null]);
    // A login without the ads permissions is a short one (an hour): then Meta's 190/463.
    const short = await login('Demo User', ['pages_show_list']);
    later(3_601_000);
    expect(await refusalOf(s.pages(short))).toEqual([190, 463]);
  });

  it("refuses a call whose permission the login did not grant (Meta's #200)", async () => {
    const s = sandbox();
    const token = await login('Careful User', ['public_profile', 'pages_show_list']);
    expect(await refusalOf(s.adAccounts(token))).toEqual([200, null]);
    expect((await s.pages(token)).length).toBeGreaterThan(0);
    const page = (await s.pages(token))[0]!;
    expect(await refusalOf(s.linkWhatsappNumber(token, page.pageId, '919811122232'))).toEqual([200, null]);
    const reader = await login('Careful User', ['ads_read', 'pages_show_list']);
    const account = (await s.adAccounts(reader))[1]!.accountId;
    expect(await refusalOf(s.pauseAds(reader, account))).toEqual([200, null]);
  });
});

describe('scenarios', () => {
  it("'noads': ad accounts without ads; 'nopages': no page", async () => {
    const s = sandbox();
    const noAds = await login('Demo noads');
    const accounts = await s.adAccounts(noAds);
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) {
      expect(await s.ads(noAds, a.accountId)).toEqual([]);
      expect(await s.dailySpend(noAds, a.accountId, '2025-01-01')).toEqual([]);
      await s.pauseAds(noAds, a.accountId);
    }
    expect((await s.pages(noAds)).length).toBeGreaterThan(0);
    const noPages = await login('NoPages Person');
    expect(await s.pages(noPages)).toEqual([]);
    expect((await s.adAccounts(noPages)).length).toBeGreaterThan(0);
  });
});
