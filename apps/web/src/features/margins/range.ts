import { MARGIN_EARLIEST_DATE, type MarginUrl } from '@pc/contract';
import { localDay, localDaysAgo } from '../../ui/localDay';

export type MarginPreset = Exclude<MarginUrl['preset'], 'custom'>;
export type Range = { startDate: string; endDate: string };

const clamp = (d: string) => (d < MARGIN_EARLIEST_DATE ? MARGIN_EARLIEST_DATE : d);

/** A preset's days in the user's calendar: this month so far, the whole of last month, the last 30 days. */
export const marginPresetRange = (preset: MarginPreset, today = new Date()): Range => {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  switch (preset) {
    case 'thisMonth':
      return { startDate: clamp(localDay(first)), endDate: localDay(today) };
    case 'lastMonth':
      return {
        startDate: clamp(localDay(new Date(today.getFullYear(), today.getMonth() - 1, 1))),
        endDate: localDay(new Date(today.getFullYear(), today.getMonth(), 0)),
      };
    case 'last30':
      return { startDate: clamp(localDaysAgo(29)), endDate: localDaysAgo(0) };
  }
};
