import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { WccPrices } from '@pc/contract';
import { pricesAtInstant, pricesUnderCard } from './transform.js';

// Provider 0.80 + margin 0.10 (INR) in India; the UAE's margin 0.10 on 3.00; default untouched by the card.
const family: WccPrices = {
  IN: {
    mc: { INR: 80000, USD: 1000, inrMargin: 10000, usdMargin: 200 },
    uc: { INR: 11500, USD: 140, inrMargin: 5000, usdMargin: 0 },
  },
  AE: { mc: { INR: 300000, USD: 3800, inrMargin: 10000, usdMargin: 200 } },
  default: { mc: { INR: 200000, USD: 2500, inrMargin: 20000, usdMargin: 100 } },
};
const card = { IN: { mc: 86400 }, AE: { mc: 330000 }, ZZ: { mc: 1 } };

describe('a family under a card', () => {
  it('PASS: the provider price is the card’s and the margin stays, so the partner price moves with it', () => {
    const passed = pricesUnderCard(family, card, 'INR', 'PASS');
    expect(passed.IN!.mc).toEqual({ INR: 86400, USD: 1000, inrMargin: 10000, usdMargin: 200 });
    expect(passed.AE!.mc).toEqual({ INR: 330000, USD: 3800, inrMargin: 10000, usdMargin: 200 });
  });

  it('KEEP: the partner price stays and the margin takes the change, clamped at 0 where the card is above it', () => {
    const kept = pricesUnderCard(family, card, 'INR', 'KEEP');
    // 0.90 kept over 0.864: margin 0.036.
    expect(kept.IN!.mc).toEqual({ INR: 86400, USD: 1000, inrMargin: 3600, usdMargin: 200 });
    // 3.10 cannot hold over 3.30: the price rises to the cost, margin 0.
    expect(kept.AE!.mc).toEqual({ INR: 330000, USD: 3800, inrMargin: 0, usdMargin: 200 });
  });

  it('leaves the other currency, the prices the card does not set and the countries the family lacks as they were', () => {
    for (const choice of ['KEEP', 'PASS'] as const) {
      const under = pricesUnderCard(family, card, 'INR', choice);
      expect(under.IN!.uc).toEqual(family.IN!.uc);
      expect(under.default).toEqual(family.default);
      expect(under.ZZ).toBeUndefined();
      expect(family.IN!.mc!.INR).toBe(80000); // the family given is not changed
    }
    const usd = pricesUnderCard(family, { IN: { mc: 1100 } }, 'USD', 'KEEP');
    expect(usd.IN!.mc).toEqual({ INR: 80000, USD: 1100, inrMargin: 10000, usdMargin: 100 });
  });

  it('never sells below the new cost, and a kept price never moves unless it must (any prices)', () => {
    const units = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(units, units, units, (provider, margin, price) => {
        const one: WccPrices = { IN: { mc: { INR: provider, USD: 0, inrMargin: margin, usdMargin: 0 } } };
        const kept = pricesUnderCard(one, { IN: { mc: price } }, 'INR', 'KEEP').IN!.mc!;
        const passed = pricesUnderCard(one, { IN: { mc: price } }, 'INR', 'PASS').IN!.mc!;
        expect(kept.inrMargin).toBeGreaterThanOrEqual(0);
        expect(kept.INR + kept.inrMargin).toBe(Math.max(provider + margin, price));
        expect(passed.INR + passed.inrMargin).toBe(price + margin);
      }),
    );
  });
});

describe('the prices in force at an instant', () => {
  const at = (iso: string) => new Date(iso);
  const instant = at('2026-12-01T00:00:00.000Z');

  it('before a scheduled card’s instant the family’s, from it on the family’s under the card', () => {
    const pricesAt = pricesAtInstant(family, 'INR', [], [{ effectiveAt: instant, prices: card, choice: 'KEEP' }]);
    expect(pricesAt(at('2026-11-30T23:59:59.999Z'))).toBe(family);
    expect(pricesAt(instant).IN!.mc!.inrMargin).toBe(3600);
    expect(pricesAt(at('2026-12-01T00:00:00.001Z')).AE!.mc!.INR).toBe(330000);
    expect(pricesAt(instant)).toBe(pricesAt(at('2027-01-01T00:00:00Z'))); // computed once
  });

  it('before an applied card’s instant its prices before (the earliest such card), after it the family’s', () => {
    const first = { IN: { mc: { ...family.IN!.mc!, INR: 70000 } } };
    const second = { IN: { mc: { ...family.IN!.mc!, INR: 75000 } } };
    const pricesAt = pricesAtInstant(
      family,
      'INR',
      [
        { effectiveAt: at('2026-11-20T00:00:00Z'), pricesBefore: second },
        { effectiveAt: at('2026-11-10T00:00:00Z'), pricesBefore: first },
      ],
      [{ effectiveAt: instant, prices: card, choice: 'PASS' }],
    );
    expect(pricesAt(at('2026-11-09T23:59:59.999Z'))).toBe(first);
    expect(pricesAt(at('2026-11-10T00:00:00Z'))).toBe(second);
    expect(pricesAt(at('2026-11-20T00:00:00Z'))).toBe(family);
    expect(pricesAt(instant).IN!.mc!.INR).toBe(86400);
  });
});
