import { describe, expect, it } from 'vitest';
import { trialEndOf } from './trial';

const base = {
  isTrial: false,
  isApiTrial: false,
  planActivatedOn: null,
  planRenewalOn: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('a trial project’s end', () => {
  it('is its renewal date, 7 days after the trial started', () => {
    expect(
      trialEndOf({
        ...base,
        isTrial: true,
        planActivatedOn: '2026-11-02T10:00:00.000Z',
        planRenewalOn: '2026-11-09T10:00:00.000Z',
      }),
    ).toBe('2026-11-09T10:00:00.000Z');
  });

  it('without one, 7 days after its activation, else its creation (sign-up or API trial)', () => {
    expect(trialEndOf({ ...base, isApiTrial: true, planActivatedOn: '2026-11-03T00:00:00.000Z' })).toBe(
      '2026-11-10T00:00:00.000Z',
    );
    expect(trialEndOf({ ...base, isTrial: true })).toBe('2026-11-08T10:00:00.000Z');
  });

  it('is none for a project that is not on a trial', () => {
    expect(trialEndOf({ ...base, planRenewalOn: '2026-12-01T00:00:00.000Z' })).toBeNull();
  });
});
