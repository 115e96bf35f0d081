const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local field's value (YYYY-MM-DDTHH:mm) in the user's time zone. */
export const toDateTimeLocal = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * A datetime-local field's value (the user's time zone) as an ISO instant; null when empty or not a
 * date-time. `end`: the field's last instant (a To field of 10:15 takes in 10:15:59.999), since the
 * field shows minutes only.
 */
export const fromDateTimeLocal = (value: string, opts: { end?: boolean } = {}): string | null => {
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.exec(value);
  if (!m) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  if (opts.end) date.setTime(date.getTime() + (m[1] ? 999 : 59_999));
  return date.toISOString();
};

/** The Replay failed dialog's default range: the last 24 hours, to the minute. */
export const lastDayRange = (now = new Date()): { from: string; to: string } => ({
  from: toDateTimeLocal(new Date(now.getTime() - 86_400_000)),
  to: toDateTimeLocal(now),
});
