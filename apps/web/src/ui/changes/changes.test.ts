import { describe, expect, it } from 'vitest';
import { changesOf, fieldLabel } from './changes';

describe('changesOf', () => {
  it('lists the fields that differ, money as amounts', () => {
    expect(
      changesOf(
        { maxAgents: 10, partnershipFee: 2_500_000_000, brandName: null },
        { maxAgents: 20, partnershipFee: 2_500_000_000, brandName: 'Lotus' },
      ),
    ).toEqual([
      { field: 'maxAgents', before: '10', after: '20' },
      { field: 'brandName', before: '—', after: 'Lotus' },
    ]);
    expect(changesOf({ centralBalance: 100_000 }, { centralBalance: 590_000_000, amount: 500_000_000 })).toEqual([
      { field: 'centralBalance', before: '1.00', after: '5,900.00' },
      { field: 'amount', before: null, after: '5,000.00' },
    ]);
  });

  it('reads nested objects and lists by path, prices in their currency', () => {
    expect(
      changesOf(
        { plans: { BASIC_MONTHLY: { INR: 100_000_000, USD: 1_200_000 } }, steps: [{ title: 'A' }, { title: 'B' }] },
        { plans: { BASIC_MONTHLY: { INR: 110_000_000, USD: 1_200_000 } }, steps: [{ title: 'A' }, { title: 'C' }] },
      ),
    ).toEqual([
      { field: 'plans.BASIC_MONTHLY.INR', before: '₹1,000.00', after: '₹1,100.00' },
      { field: 'steps[1].title', before: 'B', after: 'C' },
    ]);
  });

  it('lists what a creation set, with no before', () => {
    expect(changesOf(null, { name: 'Lotus', owner: { loginUsername: 'lata' } })).toEqual([
      { field: 'name', before: null, after: 'Lotus' },
      { field: 'owner.loginUsername', before: null, after: 'lata' },
    ]);
  });

  it('shows yes or no for a flag', () => {
    expect(changesOf({ manage: { read: false } }, { manage: { read: true } })).toEqual([
      { field: 'manage.read', before: 'No', after: 'Yes' },
    ]);
  });
});

describe('fieldLabel', () => {
  it('reads a path in words, codes and list places as written', () => {
    expect(fieldLabel('maxAgents')).toBe('Max agents');
    expect(fieldLabel('accessLevel.manage.read')).toBe('Access level › manage › read');
    expect(fieldLabel('plans.BASIC_MONTHLY.INR')).toBe('Plans › BASIC_MONTHLY › INR');
    expect(fieldLabel('steps[1].title')).toBe('Steps[1] › title');
  });
});
