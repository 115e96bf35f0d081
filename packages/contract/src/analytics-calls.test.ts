import { describe, expect, it } from 'vitest';
import { abbreviateCount, chartColours, checkAnalyticsRange, withZeroDay } from './analytics-calls.js';
import { checkDashboardRange, lastWeek } from './dashboard-calls.js';

describe('analytics helpers', () => {
  it('abbreviate the axis in K, M and B', () => {
    expect([0, 999, 1000, 1500, 999_949, 2_500_000, 7_000_000_000, -1200].map(abbreviateCount)).toEqual([
      '0',
      '999',
      '1K',
      '1.5K',
      '999.9K',
      '2.5M',
      '7B',
      '-1.2K',
    ]);
  });

  it('move a value that rounds up to 1000 of a unit to the next unit', () => {
    expect([999_950, 999_999, -999_999, 999_960_000, 1_500_000_000_000].map(abbreviateCount)).toEqual([
      '1M',
      '1M',
      '-1M',
      '1B',
      '1500B',
    ]);
  });

  it('prepend a zero day to a single day only', () => {
    const zero = (dayDate: string) => ({ dayDate, n: 0 });
    expect(withZeroDay([{ dayDate: '2024-03-01', n: 5 }], zero)).toEqual([
      { dayDate: '2024-02-29', n: 0 },
      { dayDate: '2024-03-01', n: 5 },
    ]);
    expect(withZeroDay([], zero)).toEqual([]);
    expect(
      withZeroDay(
        [
          { dayDate: '2024-03-01', n: 1 },
          { dayDate: '2024-03-02', n: 2 },
        ],
        zero,
      ),
    ).toHaveLength(2);
  });

  it('have 26 distinct chart colours', () => {
    expect(new Set(chartColours).size).toBe(26);
  });

  it('bound the analytics range by 25 April 2023 and today', () => {
    expect(checkAnalyticsRange('2023-04-25', '2024-01-01', '2024-01-01')).toBeNull();
    expect(checkAnalyticsRange('2023-04-24', '2024-01-01', '2024-01-01')).toBe(
      'The range cannot start before 25 April 2023',
    );
    expect(checkAnalyticsRange('2024-01-01', '2024-01-02', '2024-01-01')).toBe('The range cannot end in the future');
    expect(checkAnalyticsRange('2024-01-02', '2024-01-01', '2024-01-05')).toBe(
      'The start date must not be after the end date',
    );
    expect(checkAnalyticsRange('2023-02-29', '2024-01-01', '2024-01-05')).toBe('Select a valid date');
  });

  it('bound the dashboard range by 25 March 2023 and today; last week by default', () => {
    expect(checkDashboardRange('2023-03-25', '2023-03-31', '2024-01-01')).toBeNull();
    expect(checkDashboardRange('2023-03-24', '2023-03-31', '2024-01-01')).toBe(
      'The range cannot start before 25 March 2023',
    );
    expect(lastWeek('2024-03-03')).toEqual({ fromDate: '2024-02-26', toDate: '2024-03-03' });
  });
});
