import type { Currency } from './partner.js';

/** Money is stored as integers in 1/100000 of the currency (spec doc 1 section 9). */
export const MONEY_SCALE = 100000;

export const currencySymbol = (currency: Currency | undefined): string => (currency === 'USD' ? '$' : '₹');

/**
 * Units (1/100000) to a display amount with 2 decimals, rounded half away from zero, with Indian
 * digit grouping. Integer arithmetic: dividing by 100000 as a float drifts on large amounts, and
 * a tiny negative amount would show as "-0.00".
 */
export const formatAmount = (units: number | bigint): string => {
  if (typeof units === 'number' && !Number.isFinite(units)) return String(units);
  const n = typeof units === 'bigint' ? units : BigInt(Math.round(units));
  const abs = n < 0n ? -n : n;
  const cents = (abs + 500n) / 1000n;
  const text = `${(cents / 100n).toLocaleString('en-IN')}.${(cents % 100n).toString().padStart(2, '0')}`;
  return n < 0n && cents > 0n ? `-${text}` : text;
};

export const formatMoney = (units: number | bigint, currency: Currency | undefined): string =>
  `${currencySymbol(currency)}${formatAmount(units)}`;

/** Currency units typed by a user (e.g. "12.5") to stored units, without float drift. */
export const toUnits = (amount: string | number): number => {
  const text = typeof amount === 'number' ? amount.toFixed(5) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d{0,5}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const units = Number(whole) * MONEY_SCALE + Number(fraction.padEnd(5, '0'));
  return sign ? -units : units;
};
