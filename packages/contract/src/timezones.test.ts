import { describe, expect, it } from 'vitest';
import { CreateBusinessRequest } from './business-calls.js';
import { DEFAULT_TIMEZONE } from './constants.js';
import { businessTimezoneChoices, gmtOffsetOf, isBusinessTimezone } from './timezones.js';

describe('business time zones', () => {
  const january = new Date('2026-01-15T12:00:00Z');

  it('offers the default first, then every IANA zone with its offset, the quarter and half hours included', () => {
    const choices = businessTimezoneChoices(january);
    expect(choices[0]).toBe(DEFAULT_TIMEZONE);
    expect(choices.filter((c) => c === DEFAULT_TIMEZONE)).toHaveLength(1);
    expect(choices.find((c) => /^Asia\/Kath?mandu /.test(c))).toMatch(/ GMT\+05:45$/);
    expect(choices).toContain('Australia/Darwin GMT+09:30');
    expect(choices).toContain('America/St_Johns GMT-03:30');
    expect(choices).toContain('Europe/Paris GMT+01:00');
    expect(choices.length).toBeGreaterThan(400);
    expect(choices.every(isBusinessTimezone)).toBe(true);
  });

  it('writes the offset of the day asked (summer time moves it) and UTC as GMT+00:00', () => {
    expect(gmtOffsetOf('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+02:00');
    expect(gmtOffsetOf('UTC', january)).toBe('GMT+00:00');
  });

  it('accepts a known zone with or without its offset, and the older offsets alone; nothing else', () => {
    for (const ok of ['Asia/Calcutta GMT+05:30', 'Asia/Kolkata', 'UTC', 'GMT-03:00', 'Pacific/Chatham GMT+13:45'])
      expect(isBusinessTimezone(ok), ok).toBe(true);
    for (const bad of ['Mars/Olympus', 'Asia/Kolkata GMT+5', 'GMT+05:00 GMT+05:00', 'Asia/Kolkata GMT+05:30 x', ''])
      expect(isBusinessTimezone(bad), bad).toBe(false);
  });

  it("is checked by the create-business request, with the console's message", () => {
    const base = { email: 'a@b.example', display_name: 'A', contact: '9876543210' };
    expect(CreateBusinessRequest.safeParse({ ...base, timezone: 'Asia/Kathmandu GMT+05:45' }).success).toBe(true);
    expect(CreateBusinessRequest.safeParse({ ...base, timezone: '' }).success).toBe(true);
    const bad = CreateBusinessRequest.safeParse({ ...base, timezone: 'Nowhere/Land GMT+01:00' });
    expect(bad.error?.issues[0]?.message).toBe('Choose a time zone from the list');
  });
});
