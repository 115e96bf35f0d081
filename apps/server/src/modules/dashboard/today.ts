/**
 * "Never in the future" is checked against the browser's calendar day, which may be ahead of the
 * server's UTC day (UTC+14 at most): the latest calendar day anywhere on Earth right now.
 */
export const latestDayAnywhere = (now: Date): string =>
  new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
