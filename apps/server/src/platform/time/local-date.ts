/**
 * The calendar day of an instant in a business's time zone, as Meta dates its pricing changes and
 * its volume months ("12am by WhatsApp Business Account timezone"). The console keeps a business's
 * zone as the spec writes it, `Asia/Calcutta GMT+05:30`: the IANA name is used when the runtime
 * knows it, else the GMT offset, else UTC.
 */

const formatters = new Map<string, Intl.DateTimeFormat | null>();

const formatterOf = (zone: string): Intl.DateTimeFormat | null => {
  if (formatters.has(zone)) return formatters.get(zone)!;
  let f: Intl.DateTimeFormat | null;
  try {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    f = null;
  }
  formatters.set(zone, f);
  return f;
};

const offsetMinutes = (text: string): number | null => {
  const m = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(text);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
};

/**
 * Days already found, by zone and quarter hour: every zone's offset since 1980 is a whole number of quarter
 * hours, so the local day is the same for any instant of one UTC quarter hour. A charging batch
 * asks for the day of each of its messages several times; the formatter is what costs.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const days = new Map<string, string>();

/** 'YYYY-MM-DD' of `at` in `timezone`. */
export const localDateIn = (at: Date, timezone: string): string => {
  const key = `${timezone}|${Math.floor(at.getTime() / QUARTER_HOUR_MS)}`;
  const known = days.get(key);
  if (known !== undefined) return known;
  if (days.size >= 100_000) days.clear();
  const day = dayIn(at, timezone);
  days.set(key, day);
  return day;
};

const dayIn = (at: Date, timezone: string): string => {
  const name = timezone.trim().split(/\s+/)[0] ?? '';
  const formatter = name.includes('/') || name === 'UTC' ? formatterOf(name) : null;
  if (formatter) return formatter.format(at);
  const offset = offsetMinutes(timezone) ?? 0;
  return new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 10);
};
