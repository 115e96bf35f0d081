import type { Currency } from './currency.js';

/** Money is stored as integers in 1/100000 of the currency (spec doc 1 section 9). */
export const MONEY_SCALE = 100000;

export const currencySymbol = (currency: Currency | undefined): string => (currency === 'USD' ? '$' : '₹');

/**
 * A whole number's digits grouped as the currency is written: Indian for INR (12,34,567: thousands,
 * then pairs), Western for USD (1,234,567). Written out, as Intl.NumberFormat's en-IN and en-US
 * group them (money.test.ts compares the two): making an Intl.NumberFormat loads the locale's number
 * data, about 15 ms of a mid-range phone's main thread while the first page's code loads.
 */
export const groupDigits = (whole: bigint, currency: Currency = 'INR'): string => {
  const digits = (whole < 0n ? -whole : whole).toString();
  const sign = whole < 0n ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  const size = currency === 'INR' ? 2 : 3;
  const groups = [digits.slice(-3)];
  let rest = digits.slice(0, -3);
  for (; rest.length > size; rest = rest.slice(0, -size)) groups.unshift(rest.slice(-size));
  groups.unshift(rest);
  return sign + groups.join(',');
};

/**
 * Units (1/100000) to a display amount with 2 decimals, rounded half away from zero, grouped as the
 * currency is written (INR by default). Integer arithmetic: dividing by 100000 as a float drifts on
 * large amounts, and a tiny negative amount would show as "-0.00".
 */
export const formatAmount = (units: number | bigint, currency: Currency = 'INR'): string => {
  if (typeof units === 'number' && !Number.isFinite(units)) return String(units);
  const n = typeof units === 'bigint' ? units : BigInt(Math.round(units));
  const abs = n < 0n ? -n : n;
  const cents = (abs + 500n) / 1000n;
  const text = `${groupDigits(cents / 100n, currency)}.${(cents % 100n).toString().padStart(2, '0')}`;
  return n < 0n && cents > 0n ? `-${text}` : text;
};

/** The one way money is shown: the currency's symbol and grouping (₹12,34,567.00, $1,234,567.00). */
export const formatMoney = (units: number | bigint, currency: Currency | undefined): string => {
  const amount = formatAmount(units, currency ?? 'INR');
  return amount.startsWith('-')
    ? `-${currencySymbol(currency)}${amount.slice(1)}`
    : `${currencySymbol(currency)}${amount}`;
};

/** Currency units typed by a user (e.g. "12.5") to stored units, without float drift. */
export const toUnits = (amount: string | number): number => {
  const text = typeof amount === 'number' ? amount.toFixed(5) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d{0,5}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const units = Number(whole) * MONEY_SCALE + Number(fraction.padEnd(5, '0'));
  return sign ? -units : units;
};
