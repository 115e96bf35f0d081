import { ANALYTICS_EARLIEST_DATE } from '@pc/contract';
import { localDaysAgo } from '../../ui/localDay';

export type Preset = 'today' | 'yesterday' | 'last7' | 'last30';
export type Range = { startDate: string; endDate: string };

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
