import { afterEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '../../ui/localDay';
import { appliedRange, presetRange } from './range';

afterEach(() => vi.useRealTimers());

describe('analytics presets', () => {
  it('are days of the user calendar ending today; Last 7 days and Last 30 days include today', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 1, 10, 0)); // 1 March 2024, local time (a leap year)
    expect(localToday()).toBe('2024-03-01');
    expect(presetRange('today')).toEqual({ startDate: '2024-03-01', endDate: '2024-03-01' });
    expect(presetRange('yesterday')).toEqual({ startDate: '2024-02-29', endDate: '2024-02-29' });
    expect(presetRange('last7')).toEqual({ startDate: '2024-02-24', endDate: '2024-03-01' });
    expect(presetRange('last30')).toEqual({ startDate: '2024-02-01', endDate: '2024-03-01' });
  });

  it('never start before 25 April 2023', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2023, 4, 10, 10, 0)); // 10 May 2023
    expect(presetRange('last30')).toEqual({ startDate: '2023-04-25', endDate: '2023-05-10' });
    expect(presetRange('last7')).toEqual({ startDate: '2023-05-04', endDate: '2023-05-10' });
  });
});

describe('the range the figures are of', () => {
  const today = '2024-03-01';
  it('is the preset, or the picked days when both make an allowed range', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 1, 10, 0));
    expect(appliedRange({ preset: 'yesterday', from: '', to: '' }, today)).toEqual({
      preset: 'yesterday',
      range: { startDate: '2024-02-29', endDate: '2024-02-29' },
    });
    expect(appliedRange({ preset: 'custom', from: '2024-01-10', to: '2024-02-10' }, today)).toEqual({
      preset: null,
      range: { startDate: '2024-01-10', endDate: '2024-02-10' },
    });
  });

  it('reads a half-empty or refused range as Last 7 days, highlighted, never as zeros', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 1, 10, 0));
    const last7 = { preset: 'last7', range: { startDate: '2024-02-24', endDate: '2024-03-01' } };
    expect(appliedRange({ preset: 'custom', from: '2024-01-10', to: '' }, today)).toEqual(last7);
    expect(appliedRange({ preset: 'custom', from: '', to: '2024-01-10' }, today)).toEqual(last7);
    expect(appliedRange({ preset: 'custom', from: '', to: '' }, today)).toEqual(last7);
    expect(appliedRange({ preset: 'custom', from: '2024-02-10', to: '2024-01-10' }, today)).toEqual(last7);
    expect(appliedRange({ preset: 'custom', from: '2024-02-10', to: '2024-03-02' }, today)).toEqual(last7);
    expect(appliedRange({ preset: 'custom', from: '2023-04-24', to: '2024-01-10' }, today)).toEqual(last7);
  });
});
