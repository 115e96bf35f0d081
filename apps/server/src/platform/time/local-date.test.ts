import { describe, expect, it } from 'vitest';
import { localDateIn } from './local-date.js';

describe('localDateIn', () => {
  const at = new Date('2025-06-30T19:00:00Z');
  it('reads the IANA name of the spec’s zone text', () => {
    expect(localDateIn(at, 'Asia/Calcutta GMT+05:30')).toBe('2025-07-01');
    expect(localDateIn(at, 'America/Los_Angeles GMT-08:00')).toBe('2025-06-30');
  });
  it('falls back to the GMT offset, then UTC', () => {
    expect(localDateIn(at, 'Nowhere/Unknown GMT+05:30')).toBe('2025-07-01');
    expect(localDateIn(at, 'GMT-02:00')).toBe('2025-06-30');
    expect(localDateIn(at, '')).toBe('2025-06-30');
  });
});
