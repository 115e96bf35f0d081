import { describe, expect, it } from 'vitest';
import { formatCataloguePrice, UpdateCatalogueRequest } from './pricing.js';

describe('formatCataloguePrice', () => {
  it('shows every decimal a provider price has, at least two, in the currency’s grouping', () => {
    expect(formatCataloguePrice(78460, 'INR')).toBe('₹0.7846');
    expect(formatCataloguePrice(80, 'USD')).toBe('$0.0008');
    expect(formatCataloguePrice(1, 'USD')).toBe('$0.00001');
    expect(formatCataloguePrice(99900000, 'INR')).toBe('₹999.00');
    expect(formatCataloguePrice(15000, 'INR')).toBe('₹0.15');
    expect(formatCataloguePrice(0, 'USD')).toBe('$0.00');
    expect(formatCataloguePrice(699900012345, 'INR')).toBe('₹69,99,000.12345');
    expect(formatCataloguePrice(699900012345, 'USD')).toBe('$6,999,000.12345');
  });
});

describe('UpdateCatalogueRequest', () => {
  const flat = { Monthly: { INR: 1, USD: 1 }, Yearly: { INR: 2, USD: 2 } };
  const messages = (body: unknown) => UpdateCatalogueRequest.safeParse(body).error?.issues.map((i) => i.message);

  it('takes the flow builder per tier and every other add-on without tiers', () => {
    expect(messages({ addons: { FLOW_BUILDER: { Tier1: flat, Tier2: flat }, WEBHOOKS: flat } })).toBeUndefined();
    expect(messages({ addons: { FLOW_BUILDER: flat } })).toEqual(['Price Tier1 and Tier2, each Monthly and Yearly.']);
    expect(messages({ addons: { WEBHOOKS: { Tier1: flat, Tier2: flat } } })).toEqual([
      'Price Monthly and Yearly (the flow builder alone has tiers).',
    ]);
    expect(messages({ addons: { 'flow builder': flat } })).toEqual([
      'An add-on is named in capitals, digits and underscores (at most 40).',
    ]);
  });

  it('refuses a negative, fractional or huge price with a message to show', () => {
    const plan = (INR: number) => ({ plans: { BASIC_MONTHLY: { INR, USD: 0 } } });
    expect(messages(plan(-1))).toEqual(['A price cannot be negative.']);
    expect(messages(plan(0.5))).toEqual(['A price has at most 5 decimals.']);
    expect(messages(plan(1_000_000_000_001))).toEqual(['A price is at most 10,000,000.']);
    expect(messages({})).toEqual(['Send plans, wcc, slabFees, addons or volumeTiers.']);
  });
});
