/**
 * The wallet's forecast: how fast a balance is spent and when it runs out, from what it paid out
 * per UTC day (balance_days). Pure, so that it is tested on generated histories with known answers
 * (forecast.test.ts).
 *
 * - The burn rates are the average spend per day over the 7 and the 30 whole UTC days before today.
 *   Today is left out: a part-day would make every morning look thrifty.
 * - The days to zero divide the balance by the higher of the two rates: a wallet that sees the
 *   future should not be surprised by this week's campaign (7 days) nor by a quiet week in a busy
 *   month (30 days). No spend in 30 days: it never runs out (null).
 * - Money stays integer (1/100000 of the currency); only the rates and days, which are estimates
 *   and never posted, are fractions.
 */
const DAY_MS = 86_400_000;

export type Forecast = {
  balance: number;
  /** Average spend per day over the last 7 whole days, rounded to 1/100000. */
  burn7: number;
  /** Average spend per day over the last 30 whole days, rounded to 1/100000. */
  burn30: number;
  /** The rate the forecast runs at: the higher of the two. */
  dailyBurn: number;
  /** Days until the balance is spent at `dailyBurn`, to one decimal; 0 when nothing is left; null: never. */
  daysToZero: number | null;
  /** The instant it is spent (ISO); null: never. */
  zeroOn: string | null;
};

/** Spend of the last 7 and 30 whole days, as summed by the query. */
export type Spend = { spent7: number; spent30: number };

/** The UTC day `n` days before the instant's day (YYYY-MM-DD). */
export const dayBefore = (now: Date, n: number): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - n)).toISOString().slice(0, 10);

/** The whole days the rates read: from 30 days before today to yesterday, and the 7-day window's first day. */
export const burnWindow = (now: Date) => ({
  from30: dayBefore(now, 30),
  from7: dayBefore(now, 7),
  to: dayBefore(now, 1),
});

/** Spend per day of the faster window, as a fraction (never posted: see the file's comment). */
const rateOf = ({ spent7, spent30 }: Spend): number => Math.max(spent7 / 7, spent30 / 30);

/**
 * When a balance spent at `rate` per day falls below `level`: now when it already is, null when it
 * never will (no spend).
 */
export const fallsBelowOn = (balance: number, level: number, rate: number, now: Date): Date | null => {
  if (balance < level) return now;
  if (rate <= 0) return null;
  return new Date(now.getTime() + Math.ceil(((balance - level) / rate) * DAY_MS));
};

export const forecastOf = (balance: number, spend: Spend, now: Date): Forecast => {
  const rate = rateOf(spend);
  const zero = balance <= 0 ? now : fallsBelowOn(balance, 0, rate, now);
  return {
    balance,
    burn7: Math.round(spend.spent7 / 7),
    burn30: Math.round(spend.spent30 / 30),
    dailyBurn: Math.round(rate),
    daysToZero: balance <= 0 ? 0 : rate > 0 ? Math.floor((balance / rate) * 10) / 10 : null,
    zeroOn: zero?.toISOString() ?? null,
  };
};
