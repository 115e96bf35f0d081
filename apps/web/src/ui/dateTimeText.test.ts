import { describe, expect, it } from 'vitest';
import { exactDateTime, relativeDateTime, zonedDateTime } from './dateTimeText';

describe('date-time texts', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms);

  it('reads the last day relative, the next day too, and nothing further', () => {
    expect(relativeDateTime(ago(20_000), now)).toBe('just now');
    expect(relativeDateTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeDateTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeDateTime(ago(3 * 3600_000 + 59 * 60_000), now)).toBe('3 hours ago');
    expect(relativeDateTime(ago(-2 * 3600_000), now)).toBe('in 2 hours');
    expect(relativeDateTime(ago(24 * 3600_000), now)).toBeNull();
  });

  it('names the time zone in the absolute and the exact texts', () => {
    // The test runs in the machine's zone: whatever it is, its name ends the text.
    expect(zonedDateTime(new Date(now))).toMatch(/^November 30, 2026 at \d{1,2}:\d{2} [AP]M \S+/);
    expect(exactDateTime(new Date(now))).toMatch(/^November 30, 2026 at \d{1,2}:\d{2}:\d{2} [AP]M [A-Z]/);
  });
});
