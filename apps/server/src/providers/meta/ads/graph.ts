import { createHmac } from 'node:crypto';
import { InvalidAccessToken } from '../signup/signup.js';
import type { MetaAdsProvider } from './ads.js';
import { moneyOf } from './money.js';
import {
  ALL_STATUSES,
  providerAdOf,
  todayIn,
  type Agency,
  type GraphAd,
  type GraphAdAccount,
  type GraphInsight,
  type GraphPage,
  type Paged,
} from './graph-shapes.js';
import { MetaApiError, metaApiErrorOf } from '../graph-error.js';

/**
 * The real Meta Ads client (META_MODE=live): the Marketing API with the token of the client's
 * Facebook login. Every call carries `appsecret_proof` (the token's HMAC with the app secret), so
 * Meta refuses a token another app obtained. Lists follow `paging.next` (at most MAX_PAGES pages;
 * a longer list fails rather than reads as assets gone). Meta's error envelope becomes a MetaApiError.
 *
 * "Assigned" is Meta's agency sharing: the asset shared with the platform's business (`businessId`,
 * the business of the system user that acts without the user's token):
 * - reading it: `GET /{act_id}/agencies` and `GET /{page_id}/agencies` (page token) list the
 *   businesses the asset is shared with; without `businessId` an asset in a business counts as
 *   assigned (nothing better is known);
 * - assigning: `POST /{act_id}/agencies` and `POST /{page_id}/agencies` (page token) with
 *   `business` and `permitted_tasks`, made by the client (an admin of the asset), so it takes effect
 *   at once; the platform's admin then gives its system user tasks on it (`/assigned_users`, outside
 *   this client). Without `businessId` there is nothing to share with: assigning throws.
 *
 * Linking a WhatsApp number to a page: Meta's public reference lists only
 * `POST /{page_id}/page_whatsapp_number_verification` (`whatsapp_number`, `verification_code`,
 * answering `verification_status` and `error_message`); how Meta sends the code is not documented.
 * This client's approximation: the call without a code asks Meta to send one, with the code it
 * verifies; a non-empty `error_message` or a status other than verified is refused.
 *
 * Ads: the account's ads with their ad set's (else campaign's) daily budget and schedule, and their
 * lifetime insights (`date_preset=maximum`): the account is the project's, so all its ads are
 * click-to-WhatsApp ones the project's credit pays for. Spend per day is in the account's time zone
 * (`timezone_name`), up to its today. Amounts: INR and USD only (two decimals); an ad account in
 * another currency is left out of the list, its spend could not be charged in the project's.
 */
export type GraphMetaAdsOptions = { graphUrl: string; appId: string; appSecret: string; businessId?: string };

const TIMEOUT_MS = 15_000;
const PAGE_SIZE = 100;
const MAX_PAGES = 20;
const AD_ACCOUNT_TASKS = ['MANAGE', 'ADVERTISE', 'ANALYZE'];
const PAGE_TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'ADVERTISE', 'ANALYZE'];

export const createGraphMetaAds = (o: GraphMetaAdsOptions, now: () => Date = () => new Date()): MetaAdsProvider => {
  const base = o.graphUrl.replace(/\/$/, '');
  const proofOf = (token: string) => createHmac('sha256', o.appSecret).update(token).digest('hex');

  const send = async <T>(url: string, token: string, body?: Record<string, unknown>): Promise<T> => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify({ ...body, appsecret_proof: proofOf(token) }) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
    if (!res.ok || !answer || answer.error) throw metaApiErrorOf(res.status, answer);
    return answer;
  };
  const urlOf = (path: string, query: Record<string, string>, token: string) =>
    `${base}/${path}?${new URLSearchParams({ ...query, appsecret_proof: proofOf(token) }).toString()}`;
  const get = <T>(path: string, query: Record<string, string>, token: string) =>
    send<T>(urlOf(path, query, token), token);
  const post = (path: string, body: Record<string, unknown>, token: string) =>
    send<Record<string, unknown>>(`${base}/${path}`, token, body);

  /** Every item of a list: Meta's `next` link when it is on the configured host, else the `after` cursor. */
  const list = async <T>(path: string, query: Record<string, string>, token: string): Promise<T[]> => {
    const first = urlOf(path, { limit: String(PAGE_SIZE), ...query }, token);
    const all: T[] = [];
    let url: string | null = first;
    for (let pages = 0; url; pages += 1) {
      if (pages === MAX_PAGES) throw new Error(`Meta's list ${path} is longer than ${MAX_PAGES} pages`);
      const page: Paged<T> = await send<Paged<T>>(url, token);
      all.push(...(page.data ?? []));
      const next = page.paging?.next;
      const after = page.paging?.cursors?.after;
      url = !next
        ? null
        : new URL(next).origin === new URL(base).origin
          ? next
          : after
            ? `${first}&after=${encodeURIComponent(after)}`
            : null;
    }
    return all;
  };

  const id = (s: string) => encodeURIComponent(s);
  const actOf = (accountId: string) => id(accountId.startsWith('act_') ? accountId : `act_${accountId}`);

  /** Whether the platform's business is among the asset's agencies; a refusal to say reads as not assigned. */
  const sharedWithPlatform = async (path: string, token: string) => {
    try {
      const agencies = await list<Agency>(`${path}/agencies`, { fields: 'id,access_status' }, token);
      return agencies.some((a) => a.id === o.businessId && (a.access_status ?? 'CONFIRMED') === 'CONFIRMED');
    } catch (e) {
      if (e instanceof MetaApiError) return false;
      throw e;
    }
  };
  const platformBusiness = () => {
    if (!o.businessId) throw new Error("Assigning needs the platform's Meta business id: none is configured");
    return o.businessId;
  };
  const pageToken = async (pageId: string, token: string) =>
    (await get<{ access_token?: string }>(id(pageId), { fields: 'access_token' }, token)).access_token ?? token;

  return {
    mode: 'live',

    user: async (token) => {
      try {
        const me = await get<{ id: string; name?: string }>('me', { fields: 'id,name' }, token);
        const permissions = await list<{ permission?: string; status?: string }>('me/permissions', {}, token);
        return {
          userId: String(me.id),
          name: me.name ?? '',
          grantedScopes: permissions.filter((p) => p.status === 'granted').map((p) => p.permission ?? ''),
        };
      } catch (e) {
        // 190: invalid or expired; an appsecret_proof that does not match: another app's token.
        if (e instanceof MetaApiError && (e.code === 190 || /appsecret_proof/i.test(e.message)))
          throw new InvalidAccessToken(e.message);
        throw e;
      }
    },

    // Meta's fb_exchange_token grant, with the app's id and secret (no user token, no proof).
    longLivedToken: async (token) => {
      const query = new URLSearchParams({
        grant_type: 'fb_exchange_token',
        client_id: o.appId,
        client_secret: o.appSecret,
        fb_exchange_token: token,
      });
      const res = await fetch(`${base}/oauth/access_token?${query.toString()}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => null)) as { access_token?: string; error?: unknown } | null;
      if (!res.ok || !answer?.access_token) {
        const error = metaApiErrorOf(res.status, answer);
        if (error.code === 190 || res.status === 400) throw new InvalidAccessToken(error.message);
        throw error;
      }
      return answer.access_token;
    },

    adAccounts: async (token) => {
      const accounts = await list<GraphAdAccount>(
        'me/adaccounts',
        { fields: 'account_id,name,currency,business{id,name}' },
        token,
      );
      const kept = accounts.filter((a) => a.currency === 'INR' || a.currency === 'USD');
      return Promise.all(
        kept.map(async (a) => {
          const accountId = a.id ?? `act_${a.account_id}`;
          const businessId = a.business?.id ?? null;
          return {
            accountId,
            accountName: a.name ?? '',
            currency: a.currency as 'INR' | 'USD',
            metaBusinessId: businessId,
            metaBusinessName: businessId ? (a.business?.name ?? '') : null,
            isAssigned: !businessId ? false : o.businessId ? await sharedWithPlatform(actOf(accountId), token) : true,
          };
        }),
      );
    },

    pages: async (token) => {
      const pages = await list<GraphPage>(
        'me/accounts',
        { fields: 'id,name,business{id,name},whatsapp_number,access_token' },
        token,
      );
      return Promise.all(
        pages.map(async (p) => {
          const businessId = p.business?.id ?? null;
          return {
            pageId: String(p.id),
            pageName: p.name ?? '',
            metaBusinessId: businessId,
            metaBusinessName: businessId ? (p.business?.name ?? '') : null,
            isAssigned: !businessId
              ? false
              : o.businessId
                ? await sharedWithPlatform(id(p.id), p.access_token ?? token)
                : true,
            whatsappNumber: p.whatsapp_number ? p.whatsapp_number.replace(/\D/g, '') : null,
          };
        }),
      );
    },

    assignAdAccount: async (token, accountId) => {
      const business = platformBusiness();
      await post(`${actOf(accountId)}/agencies`, { business, permitted_tasks: AD_ACCOUNT_TASKS }, token);
    },

    assignPage: async (token, pageId) => {
      const business = platformBusiness();
      await post(`${id(pageId)}/agencies`, { business, permitted_tasks: PAGE_TASKS }, await pageToken(pageId, token));
    },

    linkWhatsappNumber: async (token, pageId, number, code) => {
      const answer = await post(
        `${id(pageId)}/page_whatsapp_number_verification`,
        { whatsapp_number: `+${number.replace(/\D/g, '')}`, ...(code ? { verification_code: code } : {}) },
        await pageToken(pageId, token),
      );
      const error = typeof answer.error_message === 'string' ? answer.error_message : '';
      const status = typeof answer.verification_status === 'string' ? answer.verification_status : '';
      if (error) throw new MetaApiError(400, 100, undefined, error, undefined, error);
      if (!code) return 'SENT';
      if (/VERIFIED|SUCCESS/i.test(status) && !/NOT_VERIFIED|UNVERIFIED/i.test(status)) return 'VERIFIED';
      throw new MetaApiError(400, 100, undefined, `The code was not accepted (${status || 'no status'})`);
    },

    ads: async (token, accountId) => {
      const act = actOf(accountId);
      const statuses = JSON.stringify(ALL_STATUSES);
      const ads = await list<GraphAd>(
        `${act}/ads`,
        {
          fields:
            'id,name,created_time,effective_status,adset{daily_budget,start_time,end_time},campaign{daily_budget}',
          effective_status: statuses,
        },
        token,
      );
      const insights = await list<GraphInsight>(
        `${act}/insights`,
        {
          level: 'ad',
          date_preset: 'maximum',
          fields: 'ad_id,impressions,reach,clicks,unique_clicks,spend,actions,quality_ranking,engagement_rate_ranking',
          filtering: JSON.stringify([{ field: 'ad.effective_status', operator: 'IN', value: ALL_STATUSES }]),
        },
        token,
      );
      const byAd = new Map(insights.map((i) => [String(i.ad_id), i]));
      return ads.map((ad) => providerAdOf(ad, byAd.get(String(ad.id)), accountId));
    },

    dailySpend: async (token, accountId, since) => {
      const act = actOf(accountId);
      const account = await get<{ timezone_name?: string }>(act, { fields: 'timezone_name' }, token);
      const until = todayIn(account.timezone_name, now());
      if (since > until) return [];
      const rows = await list<GraphInsight>(
        `${act}/insights`,
        {
          level: 'ad',
          time_increment: '1',
          time_range: JSON.stringify({ since, until }),
          fields: 'ad_id,spend,date_start',
          filtering: JSON.stringify([{ field: 'ad.effective_status', operator: 'IN', value: ALL_STATUSES }]),
        },
        token,
      );
      return rows
        .filter((r) => r.ad_id && r.date_start)
        .map((r) => ({ adId: String(r.ad_id), day: r.date_start!, spend: r.spend ? moneyOf(r.spend) : 0 }));
    },

    pauseAds: async (token, accountId) => {
      const ads = await list<GraphAd>(`${actOf(accountId)}/ads`, { fields: 'id,status' }, token);
      // One at a time: Meta counts ad writes against the account's rate limit.
      for (const ad of ads.filter((a) => a.status === 'ACTIVE')) await post(id(ad.id), { status: 'PAUSED' }, token);
    },
  };
};
