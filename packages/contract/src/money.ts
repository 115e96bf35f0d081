import type { Currency } from './partner.js';

/** Money is stored as integers in 1/100000 of the currency (spec doc 1 section 9). */
export const MONEY_SCALE = 100000;

export const currencySymbol = (currency: Currency | undefined): string => (currency === 'USD' ? '$' : '₹');

/** Digit grouping by currency: Indian for INR (12,34,567.00), Western for USD (1,234,567.00). */
const grouping: Record<Currency, Intl.NumberFormat> = {
  INR: new Intl.NumberFormat('en-IN'),
  USD: new Intl.NumberFormat('en-US'),
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
  const text = `${grouping[currency].format(cents / 100n)}.${(cents % 100n).toString().padStart(2, '0')}`;
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
