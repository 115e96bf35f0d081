/**
 * The one formatting layer for what the console shows (besides money, in money.ts): dates and
 * date-times in one style each, counts, and plan codes by label, in the user's time zone. Dates are
 * written out (as Intl's en-US writes them, checked in format.test.ts): making the first Intl date
 * formatter loads the locale's data, about 50 ms of a phone's first render of the dashboard. The rest
 * is Intl, each formatter made once, when first used.
 */
import { groupDigits } from './money.js';

const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Years Intl's en-US writes as plain digits; others (before year 1) go to Intl. */
const plainYear = (date: Date) => date.getFullYear() >= 1 && date.getFullYear() <= 9999;

/** Dates: the spec's "long date" (Roles: "long US date"), e.g. November 22, 2026. */
const longDate = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));
const writeLongDate = (date: Date) =>
  plainYear(date) ? `${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : longDate().format(date);
/** Date-times: the long date with the time, e.g. November 22, 2026 at 10:32 AM. */
const longDateTime = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }));
/** Counts are grouped the Indian way, as the dashboard has always shown them (a fraction by Intl's en-IN). */
const count = once(() => new Intl.NumberFormat('en-IN'));

const valid = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day or instant as a long date; `fallback` for no value or one that is not a date. */
export const formatDate = (value: string | number | Date | null | undefined, fallback = '-'): string => {
  const date = value == null ? null : valid(value);
  return date ? writeLongDate(date) : fallback;
};

/** An instant as a long date with its time, in the user's time zone. */
export const formatDateTime = (value: string | number | Date | null | undefined, fallback = '-'): string => {
  const date = value == null ? null : valid(value);
  return date ? longDateTime().format(date) : fallback;
};

/** A day inside a line of text (a chip, a note): month and day, e.g. Nov 22. */
export const formatShortDate = (value: string | number | Date | null | undefined, fallback = '-'): string => {
  const date = value == null ? null : valid(value);
  return date ? `${months[date.getMonth()]!.slice(0, 3)} ${date.getDate()}` : fallback;
};

/** A whole number of things (conversations, accounts, messages). */
export const formatCount = (n: number | bigint): string =>
  typeof n === 'bigint' ? groupDigits(n) : Number.isSafeInteger(n) ? groupDigits(BigInt(n)) : count().format(n);

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
