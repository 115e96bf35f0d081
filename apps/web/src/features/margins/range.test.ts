import { describe, expect, it } from 'vitest';
import { marginPresetRange } from './range';

describe('the margin presets', () => {
  it('this month so far and the whole of last month, across a year end', () => {
    const at = new Date(2026, 0, 14, 12);
    expect(marginPresetRange('thisMonth', at)).toEqual({ startDate: '2026-01-01', endDate: '2026-01-14' });
    expect(marginPresetRange('lastMonth', at)).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(marginPresetRange('lastMonth', new Date(2024, 2, 31))).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
  });
});
