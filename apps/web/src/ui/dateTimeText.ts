/**
 * The texts of an instant (ui/DateTime.tsx), on Intl alone (no date library on the lists' pages):
 * in the user's own time zone, always named, since a partner's people and their businesses are
 * often in different ones. Each formatter is made when first used: making one is the slow part,
 * and the first page's modules load before anything shows.
 */

const DAY_MS = 24 * 60 * 60_000;

/** November 22, 2026 at 10:32 AM GMT+5:30 (EST, PDT... where the zone has a short name in English). */
let zoned: Intl.DateTimeFormat | undefined;
const zonedFormat = () =>
  (zoned ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }));
/** The same to the second, with the zone's long name: November 22, 2026 at 10:32:05 AM India Standard Time. */
let exact: Intl.DateTimeFormat | undefined;
const exactFormat = () =>
  (exact ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'long',
  }));
let relative: Intl.RelativeTimeFormat | undefined;
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

export const zonedDateTime = (date: Date) => zonedFormat().format(date);
export const exactDateTime = (date: Date) => exactFormat().format(date);

/** Within a day of `now` in words: "just now", "5 minutes ago", "in 2 hours"; null further off. */
export const relativeDateTime = (date: Date, now: number): string | null => {
  const ms = date.getTime() - now;
  if (Math.abs(ms) >= DAY_MS) return null;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes === 0) return 'just now';
  if (Math.abs(minutes) < 60) return relativeFormat().format(minutes, 'minute');
  return relativeFormat().format(Math.trunc(minutes / 60), 'hour');
};
