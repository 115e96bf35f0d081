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
