/** A day as YYYY-MM-DD in the user's calendar (what a date field shows and picks). */
export const localDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Today in the user's calendar: the latest day a range may end. */
export const localToday = (): string => localDay(new Date());

/** `n` days before today in the user's calendar. */
export const localDaysAgo = (n: number): string => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return localDay(d);
};

/**
 * A range of days picked in the user's calendar as the instants the server filters by: 00:00 of the
 * first day to the end of the last, in the user's time zone (a 1–22 Nov range in India starts at
 * 31 Oct 18:30 UTC, not at midnight UTC). Null when either end is not picked.
 */
export const localDayBounds = (from: string, to: string): { from: string; to: string } | null =>
  from && to ? { from: localDayStart(from), to: localDayEnd(to) } : null;

/** 00:00 of a day in the user's calendar, as an instant. */
export const localDayStart = (day: string): string => new Date(`${day}T00:00:00`).toISOString();
/** The last millisecond of a day in the user's calendar, as an instant. */
export const localDayEnd = (day: string): string => new Date(`${day}T23:59:59.999`).toISOString();
