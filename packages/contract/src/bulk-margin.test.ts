import { describe, expect, it } from 'vitest';
import { bulkMargin } from './pricing.js';

describe('bulkMargin (doc 3 section 5, Bulk update margin)', () => {
  it('gives a percentage of the provider price at the 4 decimals prices are written in', () => {
    // 60% of ₹0.8652 is ₹0.51912: kept as ₹0.5191.
    expect(bulkMargin(86_520, 'percentage', 60)).toBe(51_910);
    expect(bulkMargin(86_520, 'percentage', 0)).toBe(0);
    // A USD price of $0.0034 at 25% is $0.00085: $0.0009, not lost to cents.
    expect(bulkMargin(340, 'percentage', 25)).toBe(90);
  });

  it('sets a custom value as that amount, and never a negative margin', () => {
    expect(bulkMargin(86_520, 'custom', 0.25)).toBe(25_000);
    expect(bulkMargin(86_520, 'custom', -1)).toBe(0);
    expect(bulkMargin(86_520, 'percentage', -10)).toBe(0);
  });
});
