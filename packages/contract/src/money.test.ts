import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencySymbol, formatAmount, formatMoney, groupDigits, MONEY_SCALE, toUnits } from './money.js';

/** Units as the exact 5-decimal text a user could type, built with integers only. */
const unitsText = (units: number) => {
  const abs = Math.abs(units);
  return `${units < 0 ? '-' : ''}${Math.floor(abs / MONEY_SCALE)}.${String(abs % MONEY_SCALE).padStart(5, '0')}`;
};

/** Units rounded to cents (half away from zero), shown with 2 decimals, by integer arithmetic. */
const expectedDisplay = (units: number) => {
  const abs = Math.abs(units);
  const cents = Math.floor(abs / 1000) + (abs % 1000 >= 500 ? 1 : 0);
  return { negative: units < 0 && cents > 0, whole: Math.floor(cents / 100), cents: cents % 100 };
};

// Every stored amount: any safe integer of units (about ±90 billion currency units).
const units = fc.maxSafeInteger();

describe('toUnits', () => {
  it('turns typed amounts into units of 1/100000', () => {
    expect(toUnits('12.5')).toBe(1250000);
    expect(toUnits(' 3000 ')).toBe(300000000);
    expect(toUnits('0.00001')).toBe(1);
    expect(toUnits('-48.01')).toBe(-4801000);
    expect(toUnits(0.1 + 0.2)).toBe(30000);
    expect(toUnits(1.005)).toBe(100500);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1,000', '1.000001', '1e5', '.5', '--1', '12.5 INR'])
      expect(() => toUnits(text), text).toThrow();
  });

  it('round-trips every 5-decimal amount without float drift', () => {
    fc.assert(fc.property(units, (u) => toUnits(unitsText(u)) === u));
  });

  it('round-trips 2-decimal amounts typed as numbers', () => {
    fc.assert(fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => toUnits(cents / 100) === cents * 1000));
  });
});

describe('formatAmount and formatMoney', () => {
  it('shows units divided by 100000 with 2 decimals', () => {
    expect(formatAmount(245000000)).toBe('2,450.00');
    expect(formatAmount(1n)).toBe('0.00');
    expect(formatAmount(1500)).toBe('0.02');
    expect(formatAmount(-1500)).toBe('-0.02');
    expect(formatAmount(-1)).toBe('0.00');
    expect(formatAmount(1234567890000000)).toBe('12,34,56,78,900.00');
    // Dividing by 100000 as a float would show ...523.11 here.
    expect(formatAmount(-7320679452310500)).toBe('-73,20,67,94,523.11');
    expect(formatMoney(4800000, 'USD')).toBe('$48.00');
    // Each currency is grouped as it is written: never $12,34,56,789.00.
    expect(formatMoney(1234567890000000, 'USD')).toBe('$12,345,678,900.00');
    expect(formatMoney(1234567890000000, 'INR')).toBe('₹12,34,56,78,900.00');
    expect(formatMoney(-123456789, 'USD')).toBe('-$1,234.57');
    expect(formatMoney(300000000, 'INR')).toBe('₹3,000.00');
    expect(currencySymbol(undefined)).toBe('₹');
  });

  it('rounds to the cent exactly as integer arithmetic does, and what it shows reads back', () => {
    fc.assert(
      fc.property(units, (u) => {
        const shown = formatAmount(u);
        const { negative, whole, cents } = expectedDisplay(u);
        const plain = shown.replaceAll(',', '');
        expect(plain).toBe(`${negative ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`);
        // What is shown, typed back, is the amount rounded to the cent.
        expect(Math.abs(toUnits(plain))).toBe((whole * 100 + cents) * 1000);
      }),
    );
  });
});

describe('groupDigits', () => {
  it('groups as Intl.NumberFormat en-IN (INR) and en-US (USD) do, sign included', () => {
    const india = new Intl.NumberFormat('en-IN');
    const western = new Intl.NumberFormat('en-US');
    const values = [0n, 7n, 999n, 1000n, 12345n, 123456n, 1234567n, 12345678n, 123456789n, 10n ** 15n + 7n];
    for (let n = 1n; n < 10n ** 18n; n = n * 7n + 3n) values.push(n);
    for (const v of [...values, ...values.map((x) => -x)]) {
      expect(groupDigits(v, 'INR')).toBe(india.format(v));
      expect(groupDigits(v, 'USD')).toBe(western.format(v));
    }
  });
});
