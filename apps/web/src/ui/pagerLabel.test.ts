import { describe, expect, it } from 'vitest';
import { pagerLabel } from './pagerLabel';

describe('the pager label', () => {
  it('says the counted bound when the server stopped counting', () => {
    expect(pagerLabel({ from: 1, to: 15, total: 1_000, moreThan: true })).toBe('1–15 of more than 1,000');
    expect(pagerLabel({ from: 5_011, to: 5_020, total: 10_010, moreThan: true })).toBe(
      '5,011–5,020 of more than 10,010',
    );
  });

  it('says the exact total otherwise', () => {
    expect(pagerLabel({ from: 16, to: 21, total: 21, moreThan: false })).toBe('16–21 of 21');
    expect(pagerLabel({ from: 0, to: 0, total: 0, moreThan: false })).toBe('0–0 of 0');
  });

  it('groups its numbers as every count of the console is (formatCount: the Indian way)', () => {
    expect(pagerLabel({ from: 100_001, to: 100_010, total: 250_000, moreThan: false })).toBe(
      '1,00,001–1,00,010 of 2,50,000',
    );
    expect(pagerLabel({ from: 1, to: 10, total: 105_000, moreThan: true })).toBe('1–10 of more than 1,05,000');
  });

  it('never shows a bound below the rows on screen', () => {
    expect(pagerLabel({ from: 1, to: 15, total: 0, moreThan: true })).toBe('1–15 of more than 15');
  });
});
