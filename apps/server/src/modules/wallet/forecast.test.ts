import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { burnWindow, dayBefore, fallsBelowOn, forecastOf } from './forecast.js';

const now = new Date('2026-11-24T10:00:00Z');
const DAY = 86_400_000;

/** A generated history: spend per whole day before today (index 1 = yesterday), summed as the query does. */
const spendOf = (perDay: (daysAgo: number) => number) => {
  let spent7 = 0;
  let spent30 = 0;
  for (let d = 1; d <= 30; d += 1) {
    spent30 += perDay(d);
    if (d <= 7) spent7 += perDay(d);
  }
  return { spent7, spent30 };
};

describe('the wallet forecast', () => {
  it('reads the 7 and 30 whole UTC days before today', () => {
    expect(burnWindow(now)).toEqual({ from30: '2026-10-25', from7: '2026-11-17', to: '2026-11-23' });
    expect(dayBefore(new Date('2026-03-01T00:00:00Z'), 1)).toBe('2026-02-28');
  });

  it('a steady burn: both rates equal it, and the balance lasts balance / burn days', () => {
    const f = forecastOf(
      1_000_000_000,
      spendOf(() => 100_000_000),
      now,
    ); // ₹10,000 at ₹1,000 a day
    expect(f).toMatchObject({ burn7: 100_000_000, burn30: 100_000_000, dailyBurn: 100_000_000, daysToZero: 10 });
    expect(f.zeroOn).toBe(new Date(now.getTime() + 10 * DAY).toISOString());
  });

  it('a campaign this week: the 7-day rate is higher and the forecast runs at it', () => {
    // 23 quiet days at ₹100, then 7 days at ₹1,000.
    const f = forecastOf(
      700_000_000,
      spendOf((d) => (d <= 7 ? 100_000_000 : 10_000_000)),
      now,
    );
    expect(f.burn7).toBe(100_000_000);
    expect(f.burn30).toBe(Math.round((7 * 100_000_000 + 23 * 10_000_000) / 30));
    expect(f.dailyBurn).toBe(100_000_000);
    expect(f.daysToZero).toBe(7);
  });

  it('a quiet week in a busy month: the 30-day rate is higher and the forecast runs at it', () => {
    const f = forecastOf(
      900_000_000,
      spendOf((d) => (d <= 7 ? 0 : 130_434_783)),
      now,
    );
    expect(f.burn7).toBe(0);
    expect(f.dailyBurn).toBe(f.burn30);
    expect(f.daysToZero).toBe(Math.floor((900_000_000 / ((23 * 130_434_783) / 30)) * 10) / 10);
  });

  it('no spend in 30 days never runs out; an empty balance is spent now', () => {
    expect(forecastOf(5_000_000, { spent7: 0, spent30: 0 }, now)).toMatchObject({ daysToZero: null, zeroOn: null });
    expect(
      forecastOf(
        0,
        spendOf(() => 1),
        now,
      ),
    ).toMatchObject({ daysToZero: 0, zeroOn: now.toISOString() });
    expect(forecastOf(0, { spent7: 0, spent30: 0 }, now).daysToZero).toBe(0);
  });

  it('days to zero round down to a tenth: a warning never comes later than the money runs out', () => {
    // 10 days and 23 hours: 10.9, not 11.
    const f = forecastOf(
      100_000 * 24 * 10 + 100_000 * 23,
      spendOf(() => 100_000 * 24),
      now,
    );
    expect(f.daysToZero).toBe(10.9);
  });

  it('a level is crossed when the balance falls below it: now if it is already below, never without spend', () => {
    expect(fallsBelowOn(100, 200, 10, now)).toEqual(now);
    expect(fallsBelowOn(300, 200, 0, now)).toBeNull();
    expect(fallsBelowOn(300, 200, 50, now)).toEqual(new Date(now.getTime() + 2 * DAY));
  });

  it('on any history, spending the forecast rate for daysToZero days leaves less than one day of spend', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e10 }), { minLength: 30, maxLength: 30 }),
        (balance, days) => {
          const f = forecastOf(
            balance,
            spendOf((d) => days[d - 1]!),
            now,
          );
          if (f.daysToZero === null) return days.every((d) => d === 0) && balance > 0;
          const rate = Math.max(days.slice(0, 7).reduce((a, b) => a + b, 0) / 7, days.reduce((a, b) => a + b, 0) / 30);
          const left = balance - rate * f.daysToZero;
          return left >= -1e-3 && left <= rate * 0.1 + 1e-3;
        },
      ),
    );
  });
});
