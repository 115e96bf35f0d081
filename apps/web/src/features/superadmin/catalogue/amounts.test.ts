import { describe, expect, it } from 'vitest';
import { changedRows, fieldKey, typedUnits, type PriceRow } from './amounts';

describe('typedUnits', () => {
  it('reads currency units as stored units, without float drift', () => {
    expect(typedUnits('0.7846')).toBe(78460);
    expect(typedUnits(' 69990 ')).toBe(6999000000);
    expect(typedUnits('0.00001')).toBe(1);
    expect(typedUnits('12.')).toBe(1200000);
  });

  it('refuses what is not an amount the catalogue takes', () => {
    for (const text of ['', '-1', '1.000001', 'abc', '1,000', '.5', '1e3']) expect(typedUnits(text)).toBeNull();
  });
});

describe('changedRows', () => {
  const rows: PriceRow[] = [
    { key: 'BASIC_MONTHLY', label: 'Basic Monthly', amounts: { INR: 99900000, USD: 1200000 } },
    { key: 'PRO_MONTHLY', label: 'Pro Monthly', amounts: { INR: 239900000, USD: 2900000 } },
    { key: '0', label: 'From ₹0.00', amounts: { INR: 150000 } },
  ];

  it('sends only the rows that changed, each with every amount it has', () => {
    expect(changedRows(rows, {})).toEqual({});
    // Typed again as it was: no change.
    expect(changedRows(rows, { [fieldKey('BASIC_MONTHLY', 'INR')]: '999.00' })).toEqual({});
    expect(changedRows(rows, { [fieldKey('PRO_MONTHLY', 'USD')]: '30' })).toEqual({
      PRO_MONTHLY: { INR: 239900000, USD: 3000000 },
    });
    expect(changedRows(rows, { [fieldKey('0', 'INR')]: '1.6' })).toEqual({ '0': { INR: 160000 } });
  });

  it('is null while a field is not an amount', () => {
    expect(changedRows(rows, { [fieldKey('BASIC_MONTHLY', 'USD')]: '-3' })).toBeNull();
  });
});
