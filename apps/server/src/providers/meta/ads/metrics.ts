import { DAY_MS, HOUR_MS, unitOf, type WorldAd } from './world.js';

/**
 * What a sandbox ad delivered, as a pure function of (ad, day): the same numbers on every server and
 * every call. Days are the ad account's days, and sandbox ad accounts keep India's time
 * (Asia/Kolkata: UTC+05:30 all year, no daylight saving), as Indian advertisers' accounts do; the
 * lifetime totals and the spend per day are built from the same days, so the totals are exactly the
 * sum of the days. A day the ad ran only part of (its start, its stop, a pause, today so far) counts
 * in proportion: the numbers grow while the demo runs and stop when the ad stops.
 */

const KOLKATA_OFFSET_MS = 5.5 * HOUR_MS;
/** Spend is in whole paise, as Meta reports it (two decimals of the currency). */
const PAISA = 1_000;

export const dayIndexOf = (ms: number) => Math.floor((ms + KOLKATA_OFFSET_MS) / DAY_MS);
const dayStartOf = (index: number) => index * DAY_MS - KOLKATA_OFFSET_MS;
/** YYYY-MM-DD of a day index. */
export const dayOf = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);
/** The day index of YYYY-MM-DD; NaN when it is not a date. */
export const dayIndexOfDate = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : Number.NaN;

export type Metrics = {
  impressions: number;
  reach: number;
  clicks: number;
  uniqueClicks: number;
  /** 1/100000 of the currency. */
  spend: number;
  messagingConversationsStarted: number;
  messagingFirstReplies: number;
  leads: number;
};

export const noMetrics = (): Metrics => ({
  impressions: 0,
  reach: 0,
  clicks: 0,
  uniqueClicks: 0,
  spend: 0,
  messagingConversationsStarted: 0,
  messagingFirstReplies: 0,
  leads: 0,
});

/**
 * One day of the ad, run for `fraction` of it. A full day spends 55 to 100 % of the daily budget at
 * a ₹60 to ₹150 CPM; CTR 0.8 to 3 %, reach 70 to 90 % of impressions, 20 to 40 % of clicks start a
 * conversation, half to four fifths of those reply, a tenth to two fifths become leads.
 */
export const dayMetrics = (ad: Pick<WorldAd, 'adId' | 'dailyBudget'>, day: number, fraction: number): Metrics => {
  const u = (what: string) => unitOf(`${ad.adId}:${day}:${what}`);
  const spendPaise = Math.round((ad.dailyBudget * (0.55 + 0.45 * u('spend'))) / PAISA);
  const impressions = ((spendPaise / 100) * 1000) / (60 + 90 * u('cpm'));
  const clicks = impressions * (0.008 + 0.022 * u('ctr'));
  const conversations = clicks * (0.2 + 0.2 * u('conversations'));
  const part = (full: number) => Math.floor(full * fraction);
  return {
    impressions: part(impressions),
    reach: part(impressions * (0.7 + 0.2 * u('reach'))),
    clicks: part(clicks),
    uniqueClicks: part(clicks * (0.8 + 0.15 * u('unique'))),
    spend: Math.round(spendPaise * fraction) * PAISA,
    messagingConversationsStarted: part(conversations),
    messagingFirstReplies: part(conversations * (0.5 + 0.3 * u('replies'))),
    leads: part(conversations * (0.1 + 0.3 * u('leads'))),
  };
};

/** When the ad delivered: from its start (or its review) to the first of its stop, its end, its pause and now. */
export const deliverySpan = (ad: WorldAd, pausedAt: number | null, now: number): [number, number] | null => {
  const from = ad.reviewedAt ?? ad.start;
  const to = Math.min(ad.stop ?? Infinity, ad.endedAt ?? Infinity, pausedAt ?? Infinity, now);
  return to > from ? [from, to] : null;
};

/** The ad's days with delivery, each with what it delivered, from day index `since` on. */
export const deliveredDays = (
  ad: WorldAd,
  pausedAt: number | null,
  now: number,
  since = -Infinity,
): { day: number; metrics: Metrics }[] => {
  const span = deliverySpan(ad, pausedAt, now);
  if (!span) return [];
  const [from, to] = span;
  const days = [];
  for (let day = Math.max(dayIndexOf(from), since); day <= dayIndexOf(to); day += 1) {
    const start = dayStartOf(day);
    const ran = Math.min(to, start + DAY_MS) - Math.max(from, start);
    if (ran > 0) days.push({ day, metrics: dayMetrics(ad, day, ran / DAY_MS) });
  }
  return days;
};

/** The ad's lifetime totals: the sum of its days (Meta's `date_preset=maximum`). */
export const lifetimeOf = (ad: WorldAd, pausedAt: number | null, now: number): Metrics =>
  deliveredDays(ad, pausedAt, now).reduce((sum, { metrics }) => {
    for (const key of Object.keys(sum) as (keyof Metrics)[]) sum[key] += metrics[key];
    return sum;
  }, noMetrics());
