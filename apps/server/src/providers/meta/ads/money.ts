/**
 * Meta's amounts as this console's money (ARCHITECTURE rule 4: integers of 1/100000 of the
 * currency), converted on the digits, never through a float: 0.1 + 0.2 is not 0.3 in a float, and a
 * ledger must not drift by it.
 */

const SCALE_DIGITS = 5;
const decimal = /^(-?)(\d+)(?:\.(\d+))?$/;

const safe = (value: bigint, source: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Meta sent an amount too large to keep exactly: ${source}`);
  return n;
};

/**
 * A decimal amount in the currency's units, as Meta's insights write `spend` ("123.45"), in 1/100000.
 * Digits past the fifth decimal are rounded half away from zero.
 */
export const moneyOf = (amount: string | number): number => {
  const source = String(amount).trim();
  const match = decimal.exec(source);
  if (!match) throw new Error(`Meta sent an amount that is not a decimal number: ${source}`);
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0');
  const roundUp = (fraction[SCALE_DIGITS] ?? '0') >= '5' ? 1n : 0n;
  const magnitude = BigInt(whole!) * 10n ** BigInt(SCALE_DIGITS) + BigInt(kept) + roundUp;
  return safe(sign ? -magnitude : magnitude, source);
};

/**
 * A budget in the currency's minor units (cents, paise), as Meta writes `daily_budget` ("20000" is
 * ₹200.00), in 1/100000. INR and USD have two decimals: one minor unit is 1000.
 */
export const budgetOf = (minorUnits: string | number): number => {
  const source = String(minorUnits).trim();
  if (!/^\d+$/.test(source)) throw new Error(`Meta sent a budget that is not a whole number: ${source}`);
  return safe(BigInt(source) * 1000n, source);
};

/** A count Meta writes as a string ("1234"); missing is 0. */
export const countOf = (value: string | number | undefined): number => {
  if (value === undefined) return 0;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};
