import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bulkMargin, bulkMarginTypes, wccChargeTypes, type WccPrices } from '@pc/contract';
import { familyPrice, type Category } from '../charging/price.js';
import type { WccCatalogue } from './catalogue.js';
import { wccPricesFrom } from './provider-prices.js';

/**
 * The pricing rule through any sequence of a partner's margin edits, bulk updates and the
 * provider's price changes: every charge is at the catalogue's provider price, its margin is never
 * negative, and the price a conversation is charged is provider price + margin, never below the
 * provider price.
 */
const countries = ['IN', 'US', 'BR', 'default'] as const;
const type = fc.constantFrom(...wccChargeTypes);
const country = fc.constantFrom(...countries);
const units = fc.integer({ min: 0, max: 50_000_000 });
const op = fc.oneof(
  fc.record({
    kind: fc.constant('margin' as const),
    type,
    country,
    inr: fc.integer({ min: -1e6, max: 1e7 }),
    usd: units,
  }),
  fc.record({
    kind: fc.constant('bulk' as const),
    mode: fc.constantFrom('percentage' as const, 'custom' as const),
    value: fc.double({ min: -50, max: 500, noNaN: true }),
    types: fc.subarray([...bulkMarginTypes], { minLength: 1 }),
  }),
  fc.record({ kind: fc.constant('provider' as const), type, country, inr: units, usd: units }),
);

const startingCatalogue = (): WccCatalogue =>
  Object.fromEntries(
    countries.map((c, i) => [
      c,
      Object.fromEntries(wccChargeTypes.map((t, j) => [t, { INR: 1000 * (i + j + 1), USD: 10 * (i + j + 1) }])),
    ]),
  );

const categoryOf: Record<string, Category> = { mc: 'marketing', uc: 'utility', ac: 'authentication', sc: 'service' };

describe('partner price = provider price + margin >= provider price', () => {
  it('holds through any sequence of margin edits, bulk updates and provider price changes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const catalogue = startingCatalogue();
        let prices: WccPrices = wccPricesFrom(catalogue, {});
        for (const o of ops) {
          if (o.kind === 'margin')
            prices = wccPricesFrom(
              catalogue,
              { [o.type]: { [o.country]: { inrMargin: o.inr, usdMargin: o.usd } } },
              prices,
            );
          else if (o.kind === 'bulk') {
            const sent = Object.fromEntries(
              o.types.map((t) => [
                t,
                Object.fromEntries(
                  countries.map((c) => [
                    c,
                    {
                      inrMargin: bulkMargin(catalogue[c]![t]!.INR, o.mode, o.value),
                      usdMargin: bulkMargin(catalogue[c]![t]!.USD, o.mode, o.value),
                    },
                  ]),
                ),
              ]),
            );
            prices = wccPricesFrom(catalogue, sent, prices);
          } else {
            catalogue[o.country]![o.type] = { INR: o.inr, USD: o.usd };
            prices = wccPricesFrom(catalogue, {}, prices);
          }
          for (const c of countries)
            for (const t of wccChargeTypes) {
              const charge = prices[c]![t]!;
              expect(charge.INR).toBe(catalogue[c]![t]!.INR);
              expect(charge.USD).toBe(catalogue[c]![t]!.USD);
              expect(charge.inrMargin).toBeGreaterThanOrEqual(0);
              expect(charge.usdMargin).toBeGreaterThanOrEqual(0);
              const category = categoryOf[t];
              if (!category) continue;
              expect(familyPrice(prices, 'INR', c, category, 'business')).toEqual({
                amount: charge.INR + charge.inrMargin,
                providerAmount: charge.INR,
              });
              expect(familyPrice(prices, 'USD', c, category, 'business')!.amount).toBeGreaterThanOrEqual(charge.USD);
            }
        }
      }),
      { numRuns: 300 },
    );
  });
});
