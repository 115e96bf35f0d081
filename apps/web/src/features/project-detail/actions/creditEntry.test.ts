import { CreditAmount, MAX_CREDIT_UNITS } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { creditEntry } from './creditEntry';

describe('creditEntry', () => {
  it('sends an amount greater than 0 in units of 1/100000', () => {
    expect(creditEntry('100')).toBe(10_000_000);
    expect(creditEntry(' 40.5 ')).toBe(4_050_000);
    expect(creditEntry('0.00001')).toBe(1);
  });

  it("is the dialog's own text when the entry is no number greater than 0", () => {
    for (const text of ['', '  ', '0', '0.00', '-5', 'abc', '-0', 'Infinity', '5,00'])
      expect(creditEntry(text), text).toBe('notPositive');
  });

  it("is the calls' 'Invalid Amount' for a positive amount they would refuse, and only then", () => {
    for (const text of ['0.000001', '1e3', '1000000001', '0x10']) expect(creditEntry(text), text).toBe('invalidCredit');
    // The dialog and the calls agree on the edge: the largest change passes both.
    const largest = String(MAX_CREDIT_UNITS / 100_000);
    expect(creditEntry(largest)).toBe(MAX_CREDIT_UNITS);
    expect(CreditAmount.safeParse(MAX_CREDIT_UNITS).success).toBe(true);
  });
});
