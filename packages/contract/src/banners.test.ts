import { describe, expect, it } from 'vitest';
import { bannersFor, daysToRenewal } from './banners.js';
import { messages } from './messages.js';
import type { Partner } from './partner.js';

const now = new Date('2025-03-10T15:30:00Z');
const INR = 100000;
const day = (offset: number) => new Date(Date.UTC(2025, 2, 10 + offset)).toISOString().slice(0, 10);

type Inputs = Parameters<typeof bannersFor>[0];
const healthy: Inputs = {
  currency: 'INR',
  centralBalance: 10000 * INR,
  minAllowedBalance: 500 * INR,
  partnershipFee: 25000 * INR,
  partnershipRenewalOn: day(45),
  flags: {},
  brandName: null,
};
const kinds = (change: Partial<Partner>) => bannersFor({ ...healthy, ...change }, now).map((b) => b.kind);

// Each state of lower priority, all at once: a suspended partner is also under the low balance.
const suspended = { centralBalance: 100 * INR, minAllowedBalance: 500 * INR };

describe('daysToRenewal', () => {
  it('counts whole calendar days, whatever the time of day', () => {
    expect(daysToRenewal(day(0), now)).toBe(0);
    expect(daysToRenewal(day(1), new Date('2025-03-10T23:59:59Z'))).toBe(1);
    expect(daysToRenewal(day(-3), now)).toBe(-3);
    // Counted on the user's own calendar: half past midnight local time is already the new day.
    expect(daysToRenewal('2025-03-11', new Date(2025, 2, 10, 0, 30))).toBe(1);
    expect(daysToRenewal('2025-03-11', new Date(2025, 2, 11, 0, 30))).toBe(0);
  });
});

describe('bannersFor: one warning, the one of highest priority', () => {
  it('shows nothing for a healthy partner without a brand', () => {
    expect(bannersFor(healthy, now)).toEqual([]);
  });

  it('renewal soon (1 to 10 days, with a fee) comes before everything else', () => {
    for (const days of [1, 5, 10])
      expect(kinds({ partnershipRenewalOn: day(days), ...suspended }), `in ${days} days`).toEqual(['renewalSoon']);
    const [banner] = bannersFor({ ...healthy, partnershipRenewalOn: day(3) }, now);
    expect(banner).toMatchObject({ severity: 'warning' });
    expect(banner!.text).toContain('3 days');
    expect(banner!.text).toContain('₹25,000.00');
    expect(bannersFor({ ...healthy, partnershipRenewalOn: day(1) }, now)[0]!.text).toContain('1 day.');
  });

  it('has no renewal warning 11 days ahead, or without a fee', () => {
    expect(kinds({ partnershipRenewalOn: day(11) })).toEqual([]);
    expect(kinds({ partnershipRenewalOn: day(4), partnershipFee: 0 })).toEqual([]);
    expect(kinds({ partnershipRenewalOn: day(-1), partnershipFee: 0 })).toEqual([]);
    expect(kinds({ partnershipRenewalOn: null })).toEqual([]);
  });

  it('renewal today comes next, with or without a fee', () => {
    expect(kinds({ partnershipRenewalOn: day(0), ...suspended })).toEqual(['renewalToday']);
    expect(kinds({ partnershipRenewalOn: day(0), partnershipFee: 0 })).toEqual(['renewalToday']);
  });

  it('an overdue renewal (the date passed, the fee not paid) is shown as renewal today, before suspended', () => {
    for (const days of [-1, -30, -400])
      expect(kinds({ partnershipRenewalOn: day(days), ...suspended }), `${days} days`).toEqual(['renewalToday']);
    const [one] = bannersFor({ ...healthy, partnershipRenewalOn: day(-1) }, now);
    expect(one).toMatchObject({ kind: 'renewalToday', severity: 'warning' });
    expect(one!.text).toContain('overdue by 1 day:');
    expect(one!.text).toContain('₹25,000.00');
    expect(bannersFor({ ...healthy, partnershipRenewalOn: day(-12) }, now)[0]!.text).toContain('overdue by 12 days:');
    // On the renewal day it is not overdue yet: the renewals job charges it during that day.
    expect(bannersFor({ ...healthy, partnershipRenewalOn: day(0) }, now)[0]!.text).not.toContain('overdue');
    // The exemption and a referral user hide it like every warning.
    expect(kinds({ partnershipRenewalOn: day(-3), flags: { bannerExempt: true } })).toEqual([]);
    expect(
      bannersFor({ ...healthy, partnershipRenewalOn: day(-3) }, now, { isReferral: true }).map((b) => b.kind),
    ).toEqual([]);
  });

  it('suspended (central balance below the minimum) comes before low balance', () => {
    expect(kinds(suspended)).toEqual(['suspended']);
    expect(bannersFor({ ...healthy, ...suspended }, now)[0]).toMatchObject({ severity: 'error' });
    expect(kinds({ centralBalance: 500 * INR, minAllowedBalance: 500 * INR })).toEqual(['lowBalance']);
  });

  it('low balance is under 3000 in INR and under 48 in USD', () => {
    expect(kinds({ centralBalance: 3000 * INR - 1, minAllowedBalance: 0 })).toEqual(['lowBalance']);
    expect(kinds({ centralBalance: 3000 * INR, minAllowedBalance: 0 })).toEqual([]);
    expect(kinds({ currency: 'USD', centralBalance: 48 * INR - 1, minAllowedBalance: 0 })).toEqual(['lowBalance']);
    expect(kinds({ currency: 'USD', centralBalance: 48 * INR, minAllowedBalance: 0 })).toEqual([]);
    expect(
      bannersFor({ ...healthy, currency: 'USD', centralBalance: 20 * INR, minAllowedBalance: 0 }, now)[0]!.text,
    ).toContain('$20.00');
  });

  it('the exemption flag hides every warning but not the info banner', () => {
    const exempt = { flags: { bannerExempt: true }, brandName: 'Acme Connect' };
    expect(kinds({ ...exempt, partnershipRenewalOn: day(2) })).toEqual(['info']);
    expect(kinds({ ...exempt, ...suspended })).toEqual(['info']);
  });

  it('a referral user, who sees no balance, gets none of the warnings', () => {
    const referral = (change: Partial<Partner>) =>
      bannersFor({ ...healthy, ...change }, now, { isReferral: true }).map((b) => b.kind);
    expect(referral({ centralBalance: 0, minAllowedBalance: 0 })).toEqual([]);
    expect(referral({ ...suspended, partnershipRenewalOn: day(2) })).toEqual([]);
    expect(referral({ ...suspended, brandName: 'Acme Connect' })).toEqual(['info']);
    expect(
      bannersFor({ ...healthy, centralBalance: 0, minAllowedBalance: 0 }, now, { isReferral: false }).map(
        (b) => b.kind,
      ),
    ).toEqual(['lowBalance']);
  });
});

describe('the wallet banner', () => {
  const central = { balance: 'CENTRAL' as const, projectName: null, kind: 'DAYS' as const, value: 7 };
  const credit = (projectName: string) => ({
    balance: 'WCC' as const,
    projectName,
    kind: 'AMOUNT' as const,
    value: 50 * INR,
  });

  it("says which balances are below the partner's own levels, beside doc 1's warning, before the info banner", () => {
    const banners = bannersFor(
      { ...healthy, ...suspended, brandName: 'Acme Connect', walletWarnings: [central, credit('Kite')] },
      now,
    );
    expect(banners.map((b) => b.kind)).toEqual(['suspended', 'wallet', 'info']);
    expect(banners[1]).toEqual({
      kind: 'wallet',
      severity: 'warning',
      text: 'At its current spend your central balance runs out in fewer than 7 days, the warning level you set. The template credit of Kite is below the warning level you set.',
      link: { to: '/wallet', label: 'Open Wallet' },
    });
  });

  it('names at most three projects; none without warnings; never to a referral user', () => {
    const many = ['A', 'B', 'C', 'D', 'E'].map(credit);
    expect(bannersFor({ ...healthy, walletWarnings: many }, now)[0]!.text).toBe(
      'The template credits of 5 projects are below the warning levels you set: A, B, C and 2 more.',
    );
    expect(bannersFor({ ...healthy, walletWarnings: many.slice(0, 3) }, now)[0]!.text).toContain(': A, B and C.');
    expect(kinds({ walletWarnings: [] })).toEqual([]);
    expect(bannersFor({ ...healthy, walletWarnings: [central] }, now, { isReferral: true })).toEqual([]);
  });
});

describe('the info banner', () => {
  it('shows only for a partner with a brand name, after the warning', () => {
    expect(bannersFor({ ...healthy, brandName: 'Acme Connect', ...suspended }, now)).toEqual([
      expect.objectContaining({ kind: 'suspended' }),
      { kind: 'info', severity: 'info', text: messages.serviceConversationsFree },
    ]);
    expect(kinds({ brandName: null, ...suspended })).toEqual(['suspended']);
  });
});
