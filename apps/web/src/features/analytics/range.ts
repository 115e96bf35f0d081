import { ANALYTICS_EARLIEST_DATE } from '@pc/contract';

export type Preset = 'today' | 'yesterday' | 'last7' | 'last30';
export type Range = { startDate: string; endDate: string };

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return day(d);
};

export const todayLocal = () => daysAgo(0);

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
