/**
 * The one formatting layer for what the console shows (besides money, in money.ts): dates and
 * date-times in one style each, counts, and plan codes by label. Built on Intl, in the user's time
 * zone; the formatters are made once (building one is the slow part).
 */

/** Dates: the spec's "long date" (Roles: "long US date"), e.g. November 22, 2026. */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
/** Date-times: the long date with the time, e.g. November 22, 2026 at 10:32 AM. */
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
/** Counts are grouped the Indian way, as the dashboard has always shown them. */
const count = new Intl.NumberFormat('en-IN');

const valid = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day or instant as a long date; `fallback` for no value or one that is not a date. */
export const formatDate = (value: string | number | Date | null | undefined, fallback = '-'): string => {
  const date = value == null ? null : valid(value);
  return date ? longDate.format(date) : fallback;
};

/** An instant as a long date with its time, in the user's time zone. */
export const formatDateTime = (value: string | number | Date | null | undefined, fallback = '-'): string => {
  const date = value == null ? null : valid(value);
  return date ? longDateTime.format(date) : fallback;
};

/** A day inside a line of text (a chip, a note): month and day, e.g. Nov 22. */
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
export const formatShortDate = (value: string | number | Date | null | undefined, fallback = '-'): string => {
  const date = value == null ? null : valid(value);
  return date ? shortDate.format(date) : fallback;
};

/** A whole number of things (conversations, accounts, messages). */
export const formatCount = (n: number | bigint): string => count.format(n);

/** A percentage to one decimal ("13.7 %"); `fallback` when there is none (a margin without revenue). */
export const formatPercent = (p: number | null, fallback = '-'): string =>
  p === null ? fallback : `${p.toFixed(1)} %`;

/** A plan code as people read it: BASIC_MONTHLY is "Basic Monthly", FREE_FOREVER the Starter Plan (doc 3 section 3). */
export const planLabel = (plan: string | null | undefined): string => {
  if (!plan || plan === 'NONE') return 'No plan yet';
  if (plan === 'FREE_FOREVER') return 'Starter Plan';
  return plan
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
};
