import { lastWeek } from '@pc/contract';

/** The usage range the URL applies (empty: last week), as the page and its prefetch both read it. */
export const appliedRange = (url: { from: string; to: string }, today: string): { fromDate: string; toDate: string } =>
  url.from && url.to ? { fromDate: url.from, toDate: url.to } : lastWeek(today);
