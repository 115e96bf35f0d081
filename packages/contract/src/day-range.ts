import { z } from 'zod';

/**
 * Day ranges (YYYY-MM-DD, the user's calendar) of the dashboard usage and the Analytics page: from
 * an earliest day, never ending in the future, start not after end. Browser and server check alike.
 */
export const dayRangeTexts = {
  invalidDate: 'Select a valid date',
  inFuture: 'The range cannot end in the future',
  reversed: 'The start date must not be after the end date',
} as const;

/** A real calendar day written YYYY-MM-DD (2023-02-29 is not). */
export const isCalendarDay = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) &&
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
  new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** Null when the range is allowed, else the message to show. */
export const checkDayRange = (
  from: string,
  to: string,
  today: string,
  earliest: { day: string; tooEarly: string },
): string | null => {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return dayRangeTexts.invalidDate;
  if (from < earliest.day) return earliest.tooEarly;
  if (to > today) return dayRangeTexts.inFuture;
  if (from > to) return dayRangeTexts.reversed;
  return null;
};

/** A calendar day YYYY-MM-DD in a page's URL, in the user's calendar; empty when not picked (list-state.ts). */
export const UrlDay = z.union([z.iso.date(), z.literal('')]).catch('');

/**
 * A day range picked on the Dashboard's usage or Analytics, as the page's URL keeps it; empty: the
 * page's default range. Here rather than with the lists' URL states: the dashboard reads it without
 * building theirs.
 */
export const DayRangeUrl = z.object({ from: UrlDay, to: UrlDay });
