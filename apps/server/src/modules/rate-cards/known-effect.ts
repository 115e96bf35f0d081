import type { WccPrices } from '@pc/contract';
import type { Volume } from './simulation.js';

/** A family, a card and a month of volume whose figures are worked out by hand (docs/pricing.md, "Rate cards"). */
export const knownFamily: WccPrices = {
  IN: {
    mc: { INR: 80000, USD: 1000, inrMargin: 10000, usdMargin: 0 },
    uc: { INR: 11500, USD: 140, inrMargin: 5000, usdMargin: 0 },
    sc: { INR: 35000, USD: 400, inrMargin: 0, usdMargin: 0 },
  },
  AE: { mc: { INR: 300000, USD: 3800, inrMargin: 10000, usdMargin: 0 } },
  default: { mc: { INR: 200000, USD: 2500, inrMargin: 20000, usdMargin: 0 } },
};
/** India marketing 0.80 -> 0.864, the UAE's 3.00 -> 3.30 (above the 3.10 charged), India utility 0.115 -> 0.11. */
export const knownCard = 'country,category,price\nIN,marketing,0.864\nAE,marketing,3.30\nIN,utility,0.11\n';
export const knownVolume: Volume[] = [
  { country: 'IN', category: 'marketing', conversations: 10 },
  { country: 'AE', category: 'marketing', conversations: 4 },
  { country: 'IN', category: 'utility', conversations: 5 },
  // Brazil is priced by `default`, which the card does not change. Service counts only where charged:
  // knownEffect is under a model that keeps service free, and in partner.test.ts the three fall in
  // the number's monthly free tier (the model of October 2026).
  { country: 'BR', category: 'marketing', conversations: 2 },
  { country: 'IN', category: 'service', conversations: 3 },
];
export const knownEffect = {
  conversations: 21,
  // 10 × 0.80 + 4 × 3.00 + 5 × 0.115 + 2 × 2.00
  oldCost: 2_457_500,
  // 10 × 0.864 + 4 × 3.30 + 5 × 0.11 + 2 × 2.00
  newCost: 2_639_000,
  // 10 × 0.90 + 4 × 3.10 + 5 × 0.165 + 2 × 2.20
  revenueToday: 2_662_500,
  // Kept: 10 × 0.036 + 4 × 0 (3.10 cannot hold over 3.30: the price rises to it) + 5 × 0.055 + 2 × 0.20
  marginIfKept: 103_500,
  // Passed: today's margins, 10 × 0.10 + 4 × 0.10 + 5 × 0.05 + 2 × 0.20
  marginIfPassed: 205_000,
  rows: [
    {
      country: 'IN',
      category: 'marketing',
      conversations: 10,
      providerToday: 80000,
      providerNew: 86400,
      partnerToday: 90000,
      partnerIfKept: 90000,
      partnerIfPassed: 96400,
      keepHolds: true,
    },
    {
      country: 'IN',
      category: 'utility',
      conversations: 5,
      providerToday: 11500,
      providerNew: 11000,
      partnerToday: 16500,
      partnerIfKept: 16500,
      partnerIfPassed: 16000,
      keepHolds: true,
    },
    {
      country: 'AE',
      category: 'marketing',
      conversations: 4,
      providerToday: 300000,
      providerNew: 330000,
      partnerToday: 310000,
      partnerIfKept: 330000,
      partnerIfPassed: 340000,
      keepHolds: false,
    },
  ],
};
