import type { Currency } from './partner.js';

/** Money is stored as integers in 1/100000 of the currency (spec doc 1 section 9). */
export const MONEY_SCALE = 100000;

export const currencySymbol = (currency: Currency | undefined): string => (currency === 'USD' ? '$' : '₹');

/** Units (1/100000) to a display amount with 2 decimals, rounded. */
export const formatAmount = (units: number | bigint): string => {
  const value = Number(units) / MONEY_SCALE;
  return value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
