import { adTabs, projectTabs, REPORT_MIN_DATE, type MetaAdsFilter } from '@pc/contract';
import { z } from 'zod';

/**
 * What each tab of the Meta Ads area keeps in the URL (ARCHITECTURE rule 11), read with the
 * contract's tab lists: a value that is missing or not allowed reads as its default, so a
 * hand-edited link still opens. Pages count from 1 in the URL.
 */
const text = z.string().max(200).catch('');
const day = z.union([z.iso.date(), z.literal('')]).catch('');
const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** /meta-ads/project: the connection-stage tab, the search and the page. */
export const AdAccountsUrl = z.object({ tab: z.enum(projectTabs).catch('All'), q: text, page });
/** /meta-ads/ads: the status tab, the search, the Filter dialog's two ranges and the page. */
export const AdsUrl = z.object({
  tab: z.enum(adTabs).catch('All'),
  q: text,
  startFrom: day,
  startTo: day,
  stopFrom: day,
  stopTo: day,
  page,
});
export type AdsUrl = z.infer<typeof AdsUrl>;
/** /meta-ads/transactions: the page. */
export const TransactionsUrl = z.object({ page });

/** The Filter dialog's days (YYYY-MM-DD, empty when not picked). */
export type AdsFilterValues = Pick<AdsUrl, 'startFrom' | 'startTo' | 'stopFrom' | 'stopTo'>;
export const noAdsFilter: AdsFilterValues = { startFrom: '', startTo: '', stopFrom: '', stopTo: '' };

/** An incomplete range (one day of the two) is cleared (doc 3 section 5). */
export const completeRanges = (v: AdsFilterValues): AdsFilterValues => ({
  ...(v.startFrom && v.startTo ? { startFrom: v.startFrom, startTo: v.startTo } : { startFrom: '', startTo: '' }),
  ...(v.stopFrom && v.stopTo ? { stopFrom: v.stopFrom, stopTo: v.stopTo } : { stopFrom: '', stopTo: '' }),
});

const range = (from: string, to: string) => (from && to && from <= to ? { from, to } : null);

/** The calls' filterObj: the complete ranges only; null when there is none. */
export const filterObjOf = (v: AdsFilterValues): MetaAdsFilter | null => {
  const adStartDate = range(v.startFrom, v.startTo);
  const adStopDate = range(v.stopFrom, v.stopTo);
  if (!adStartDate && !adStopDate) return null;
  return { ...(adStartDate && { adStartDate }), ...(adStopDate && { adStopDate }) };
};

/**
 * Whether a picked day is outside what the pickers offer (typed by hand): none before 25 Apr 2023,
 * and none after today except in the ad stop-date range, which may end in the future (doc 3 section 5).
 */
export const filterOutOfBounds = (v: AdsFilterValues, today: string): boolean =>
  [v.startFrom, v.startTo, v.stopFrom, v.stopTo].some((d) => d !== '' && d < REPORT_MIN_DATE) ||
  [v.startFrom, v.startTo].some((d) => d > today);
