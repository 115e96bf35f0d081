import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatPercent, formatShortDate, planLabel } from './format.js';

describe('the formatting layer', () => {
  it('shows dates as long dates and date-times with their time', () => {
    // Noon UTC is the same calendar day in every time zone a test machine may have.
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('November 22, 2026');
    expect(formatDateTime('2026-11-22T12:00:00Z')).toMatch(/^November 22, 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date', 'Not set')).toBe('Not set');
  });

  it('writes dates as Intl.DateTimeFormat en-US does, every day of four years and the edges', () => {
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    // new Date(y, ...) reads years below 100 as 19yy: set the year after.
    const inYear = (year: number, month: number, day: number) => {
      const date = new Date(2000, month, day, 12);
      date.setFullYear(year);
      return date;
    };
    const days = Array.from({ length: 4 * 366 }, (_, i) => new Date(2024, 0, 1 + i, 12));
    for (const date of [...days, inYear(1, 0, 1), inYear(99, 8, 9), inYear(9999, 11, 31), inYear(-5, 6, 4)]) {
      expect(formatDate(date)).toBe(long.format(date));
      if (date.getFullYear() > 0) expect(formatShortDate(date)).toBe(short.format(date));
    }
  });

  it('groups counts and reads plan codes as labels', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(planLabel('BASIC_MONTHLY')).toBe('Basic Monthly');
    expect(planLabel('PRO_YEARLY')).toBe('Pro Yearly');
    expect(planLabel('FREE_FOREVER')).toBe('Starter Plan');
    expect(planLabel(null)).toBe('No plan yet');
  });
});

describe('formatPercent', () => {
  it('one decimal, and the fallback without a figure', () => {
    expect(formatPercent(13.66)).toBe('13.7 %');
    expect(formatPercent(-80)).toBe('-80.0 %');
    expect(formatPercent(null)).toBe('-');
    expect(formatPercent(null, '')).toBe('');
  });
});
