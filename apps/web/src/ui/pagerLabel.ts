import { formatCount } from '@pc/contract';

/** The pager's rows and what is known of their total: exact, or (`moreThan`) a bound the server counted to. */
type PagerRange = { from: number; to: number; total: number; moreThan: boolean };

/**
 * What the pager says of its page: "16–30 of 42", or "1–15 of more than 1,000" when the server
 * stopped counting at a bound (MUI's own label would say "more than 15", the rows on screen).
 */
export const pagerLabel = ({ from, to, total, moreThan }: PagerRange): string =>
  // A bound is never shown below the rows already on screen.
  `${formatCount(from)}–${formatCount(to)} of ${moreThan ? `more than ${formatCount(Math.max(total, to))}` : formatCount(total)}`;
