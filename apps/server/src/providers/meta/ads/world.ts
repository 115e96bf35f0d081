import { createHash } from 'node:crypto';
import { sandboxDigits } from '../facebook/sandbox-login.js';
import type { ProviderAdStatus } from './ads.js';

/**
 * The sandbox Meta Ads' world of one Facebook user (ARCHITECTURE rules 8 and 15): businesses, ad
 * accounts, pages and click-to-WhatsApp ads, generated from the user's id alone (so it needs no
 * seeding and every server sees the same), placed in time from `anchor`, the moment this server
 * first saw the user (kept in sandbox_meta_ads_state): ads started 10 to 60 days before it. What
 * users change of it (assignments, a linked number, paused ads) is state kept beside it (sandbox.ts).
 *
 * Scenarios, by the user's name: 'noads' has ad accounts without ads, 'nopages' has no page.
 */

export type WorldBusiness = { id: string; name: string };

export type WorldAd = {
  adId: string;
  adName: string;
  adAccountId: string;
  /** running: ACTIVE; paused: PAUSED at `endedAt`; ended: DELETED or ARCHIVED at `endedAt`; review: PENDING_REVIEW until `reviewedAt`. */
  kind: 'running' | 'paused' | 'ended' | 'review';
  endedStatus: 'DELETED' | 'ARCHIVED';
  start: number;
  stop: number | null;
  endedAt: number | null;
  reviewedAt: number | null;
  /** 1/100000 of the account's currency. */
  dailyBudget: number;
  qualityRanking: string;
  engagementRateRanking: string;
};

export type WorldAdAccount = {
  accountId: string;
  accountName: string;
  currency: 'INR';
  business: WorldBusiness | null;
  assigned: boolean;
  ads: WorldAd[];
};

export type WorldPage = { pageId: string; pageName: string; business: WorldBusiness | null; assigned: boolean };

export type World = {
  userId: string;
  businesses: WorldBusiness[];
  adAccounts: WorldAdAccount[];
  pages: WorldPage[];
};

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const RUPEE = 100_000;

/** A stable number in [0, 1) from a seed. */
export const unitOf = (seed: string) => createHash('sha256').update(seed).digest().readUIntBE(0, 6) / 2 ** 48;
const intOf = (seed: string, min: number, max: number) => min + Math.floor(unitOf(seed) * (max - min + 1));
const pickOf = <T>(seed: string, list: readonly T[]): T => list[intOf(seed, 0, list.length - 1)]!;

/** Meta's rankings of an ad against ads competing for the same audience. */
export const RANKINGS = [
  'ABOVE_AVERAGE',
  'AVERAGE',
  'BELOW_AVERAGE_35',
  'BELOW_AVERAGE_20',
  'BELOW_AVERAGE_10',
  'UNKNOWN',
] as const;

const AD_NAMES = [
  'Festive Offer',
  'New Arrivals',
  'Free Consultation',
  'Weekend Sale',
  'Book a Demo',
  'Summer Collection',
  'Refer a Friend',
  'Clearance Sale',
  'Chat for Prices',
  'Limited Time Deal',
];
/** The accounts' names after their business's, by position (the first is the user's own, named after them). */
const ACCOUNT_KINDS = ['', 'Ads', 'Leads', 'Ads 2'];
const PAGE_KINDS = ['Store', 'Foods', 'Studio', 'Travels', 'Academy', 'Clinic', 'Fashion', 'Homes'];

const adsOf = (accountId: string, anchor: number): WorldAd[] => {
  const count = intOf(`ads:${accountId}`, 2, 5);
  const nameOffset = intOf(`ads:${accountId}:names`, 0, AD_NAMES.length - 1);
  return Array.from({ length: count }, (_, i) => {
    const seed = `ad:${accountId}:${i}`;
    const adId = sandboxDigits(seed, 18);
    const start = anchor - intOf(`${seed}:age`, 10, 60) * DAY_MS - intOf(`${seed}:hour`, 0, 23) * HOUR_MS;
    const ran = anchor - start;
    const kind: WorldAd['kind'] =
      i === 0
        ? 'running'
        : i === count - 1 && count >= 3
          ? 'ended'
          : i === 1 && count >= 4 && unitOf(`${seed}:review`) < 0.5
            ? 'review'
            : unitOf(`${seed}:paused`) < 0.3
              ? 'paused'
              : 'running';
    // A stop date on some ads: 1 to 90 days after the start, in the past or still ahead.
    const stop =
      kind !== 'review' && unitOf(`${seed}:stops`) < 0.35 ? start + intOf(`${seed}:stop`, 1, 90) * DAY_MS : null;
    return {
      adId,
      adName: `${AD_NAMES[(nameOffset + i) % AD_NAMES.length]} - WhatsApp`,
      adAccountId: accountId,
      kind,
      endedStatus: unitOf(`${seed}:ended`) < 0.5 ? 'DELETED' : 'ARCHIVED',
      // Created a little before the user first came, reviewed a quarter of an hour after.
      start: kind === 'review' ? anchor - 2 * HOUR_MS : start,
      stop,
      endedAt:
        kind === 'paused' || kind === 'ended' ? start + Math.round(ran * (0.2 + 0.6 * unitOf(`${seed}:end`))) : null,
      reviewedAt: kind === 'review' ? anchor + 15 * 60_000 : null,
      dailyBudget: (200 + 50 * intOf(`${seed}:budget`, 0, 36)) * RUPEE,
      qualityRanking: kind === 'review' ? 'UNKNOWN' : pickOf(`${seed}:quality`, RANKINGS),
      engagementRateRanking: kind === 'review' ? 'UNKNOWN' : pickOf(`${seed}:engagement`, RANKINGS),
    };
  });
};

export const worldOf = (user: { userId: string; userName: string }, anchor: number): World => {
  const { userId, userName } = user;
  const scenario = userName.toLowerCase();
  const businesses = ['Media', 'Ventures']
    .slice(0, intOf(`businesses:${userId}`, 1, 2))
    .map((kind, i) => ({ id: sandboxDigits(`business:${userId}:${i}`, 15), name: `${userName} ${kind}` }));
  const [first, last] = [businesses[0]!, businesses.at(-1)!];

  // One personal account (no business: "Personal"), one assigned, one not ("Limited"), maybe one more.
  const accountCount = intOf(`adaccounts:${userId}`, 3, 4);
  const adAccounts = Array.from({ length: accountCount }, (_, i): WorldAdAccount => {
    const accountId = `act_${sandboxDigits(`adaccount:${userId}:${i}`, 15)}`;
    const business = i === 0 ? null : i === 2 ? last : first;
    return {
      accountId,
      accountName: business ? `${business.name} ${ACCOUNT_KINDS[i]}` : userName,
      currency: 'INR',
      business,
      assigned: i === 1 || (i === 3 && unitOf(`adaccount:${userId}:${i}:assigned`) < 0.5),
      ads: scenario.includes('noads') ? [] : adsOf(accountId, anchor),
    };
  });

  // One page outside any business, one assigned, maybe one not assigned.
  const pageCount = scenario.includes('nopages') ? 0 : intOf(`pages:${userId}`, 2, 3);
  const kindOffset = intOf(`pages:${userId}:kind`, 0, PAGE_KINDS.length - 1);
  const pages = Array.from({ length: pageCount }, (_, i): WorldPage => {
    const business = i === 0 ? null : i === 1 ? first : last;
    return {
      pageId: sandboxDigits(`page:${userId}:${i}`, 15),
      pageName: `${userName} ${PAGE_KINDS[(kindOffset + i) % PAGE_KINDS.length]}`,
      business,
      assigned: i === 1,
    };
  });

  return { userId, businesses, adAccounts, pages };
};

/** The ad's effective status at `now`, with what users did to it (paused by the credit running out). */
export const statusOf = (ad: WorldAd, pausedAt: number | null, now: number): ProviderAdStatus => {
  if (ad.kind === 'ended') return ad.endedStatus;
  if (pausedAt !== null || ad.kind === 'paused') return 'PAUSED';
  if (ad.kind === 'review' && now < ad.reviewedAt!) return 'PENDING_REVIEW';
  return 'ACTIVE';
};
