import { afterEach, describe, expect, it } from 'vitest';
import { localDayBounds } from './localDay';

// The worker runs other files after this one: the zone it had is put back.
const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('local day bounds', () => {
  it('covers whole days in the user’s time zone, not UTC days', () => {
    // The zone is the user's, India's here.
    process.env.TZ = 'Asia/Kolkata';
    expect(localDayBounds('2026-11-01', '2026-11-22')).toEqual({
      from: '2026-10-31T18:30:00.000Z',
      to: '2026-11-22T18:29:59.999Z',
    });
    process.env.TZ = 'America/New_York';
    expect(localDayBounds('2026-11-01', '2026-11-22')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-23T04:59:59.999Z',
    });
    expect(localDayBounds('2026-11-01', '')).toBeNull();
  });
});
