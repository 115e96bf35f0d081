import { describe, expect, it } from 'vitest';
import { earliestAddonRenewal, partnershipDateAfter, periodAfter } from './periods.js';

const at = (iso: string) => new Date(iso);

describe('periodAfter', () => {
  it('moves a calendar month or year on, at the same time of day (UTC)', () => {
    expect(periodAfter(at('2026-01-15T09:30:15.250Z'), 'MONTHLY')).toEqual(at('2026-02-15T09:30:15.250Z'));
    expect(periodAfter(at('2026-12-20T23:00:00Z'), 'MONTHLY')).toEqual(at('2027-01-20T23:00:00Z'));
    expect(periodAfter(at('2026-03-01T00:00:00Z'), 'YEARLY')).toEqual(at('2027-03-01T00:00:00Z'));
  });

  it('ends a period that starts on a day the next month lacks on that month’s last day', () => {
    expect(periodAfter(at('2026-01-31T10:00:00Z'), 'MONTHLY')).toEqual(at('2026-02-28T10:00:00Z'));
    expect(periodAfter(at('2028-01-30T10:00:00Z'), 'MONTHLY')).toEqual(at('2028-02-29T10:00:00Z'));
    expect(periodAfter(at('2026-03-31T10:00:00Z'), 'MONTHLY')).toEqual(at('2026-04-30T10:00:00Z'));
    expect(periodAfter(at('2028-02-29T10:00:00Z'), 'YEARLY')).toEqual(at('2029-02-28T10:00:00Z'));
  });
});

describe('partnershipDateAfter', () => {
  it('is the same calendar date a year on', () => {
    expect(partnershipDateAfter('2026-03-10')).toBe('2027-03-10');
    expect(partnershipDateAfter('2028-02-29')).toBe('2029-02-28');
  });
});

describe('earliestAddonRenewal', () => {
  it('is the earliest date of the ACTIVE add-ons, or null', () => {
    expect(
      earliestAddonRenewal({
        A: { status: 'ACTIVE', renewalOn: '2026-05-02T00:00:00.000Z' },
        B: { status: 'ACTIVE', renewalOn: '2026-05-01T12:00:00.000Z' },
        C: { status: 'PAUSED', renewalOn: '2026-01-01T00:00:00.000Z' },
        D: { status: 'ACTIVE' },
      }),
    ).toEqual(at('2026-05-01T12:00:00Z'));
    expect(earliestAddonRenewal({ C: { status: 'PAUSED', renewalOn: '2026-01-01T00:00:00.000Z' } })).toBeNull();
    expect(earliestAddonRenewal({})).toBeNull();
  });
});
