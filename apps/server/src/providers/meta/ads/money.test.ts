import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetOf, moneyOf } from './money.js';

/** Meta's amounts as this server keeps them: 1/100000 of the currency, never through floats. */
describe('money', () => {
  it('converts Meta’s decimal spend to 1/100000 exactly', () => {
    expect(moneyOf('123.45')).toBe(12_345_000);
    expect(moneyOf('0.1')).toBe(10_000);
    expect(moneyOf('0.30')).toBe(30_000);
    expect(moneyOf('7')).toBe(700_000);
    expect(moneyOf('-2.5')).toBe(-250_000);
    expect(moneyOf('1.000005')).toBe(100_001);
    expect(moneyOf('1.000004')).toBe(100_000);
    expect(moneyOf('90071992547.40991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['', '1e3', '1,000.00', 'NaN', '.5', '90071992547.40992'])
      expect(() => moneyOf(bad), bad).toThrow();
    // Every amount in paise, written as Meta writes it, is that many thousandths exactly.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_000_000_000_000 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
        expect(moneyOf(text)).toBe(paise * 1000);
      }),
    );
  });

  it('converts budgets in minor units (paise, cents)', () => {
    expect(budgetOf('20000')).toBe(20_000_000);
    expect(budgetOf(150)).toBe(150_000);
    for (const bad of ['1.5', '-100', 'abc']) expect(() => budgetOf(bad), bad).toThrow();
  });
});
