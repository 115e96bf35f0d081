import { ANALYTICS_EARLIEST_DATE, type AnalyticsUrl, checkAnalyticsRange } from '@pc/contract';
import { localDaysAgo } from '../../ui/localDay';

export type Preset = 'today' | 'yesterday' | 'last7' | 'last30';
export type Range = { startDate: string; endDate: string };

/** The page's default preset (doc 3 sections 2 and 9). */
const DEFAULT_PRESET: Preset = 'last7';

const daysAgo = localDaysAgo;

/** Preset ranges in the user's calendar, never before 25 April 2023. */
export const presetRange = (preset: Preset): Range => {
  const clamp = (d: string) => (d < ANALYTICS_EARLIEST_DATE ? ANALYTICS_EARLIEST_DATE : d);
  switch (preset) {
    case 'today':
      return { startDate: daysAgo(0), endDate: daysAgo(0) };
    case 'yesterday':
      return { startDate: daysAgo(1), endDate: daysAgo(1) };
    case 'last7':
      return { startDate: clamp(daysAgo(6)), endDate: daysAgo(0) };
    case 'last30':
      return { startDate: clamp(daysAgo(29)), endDate: daysAgo(0) };
  }
};

/** Both days picked and allowed (from 25 April 2023, not in the future, start not after end). */
export const isApplicable = (range: Range, today: string) =>
  range.startDate !== '' && range.endDate !== '' && checkAnalyticsRange(range.startDate, range.endDate, today) === null;

/**
 * The range the figures are of, and the preset highlighted (null for picked days): the URL's preset,
 * or its picked days when they make an allowed range. A half-empty or refused range in the URL (an
 * edited or old link) is not shown as zeros: it reads as the default preset, as the spec clears an
 * incomplete range (doc 3 section 5).
 */
export const appliedRange = (url: Pick<AnalyticsUrl, 'preset' | 'from' | 'to'>, today: string) => {
  if (url.preset !== 'custom') return { preset: url.preset, range: presetRange(url.preset) };
  const picked = { startDate: url.from, endDate: url.to };
  if (isApplicable(picked, today)) return { preset: null, range: picked };
  return { preset: DEFAULT_PRESET, range: presetRange(DEFAULT_PRESET) };
};
