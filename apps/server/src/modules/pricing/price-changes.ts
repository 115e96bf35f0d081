import type { WccPrices } from '@pc/contract';
import { changedFields } from '../audit/changed.js';

/**
 * A WCC family's prices that a change touched, for the activity log: per country, only the charge
 * types whose price or margin changed, as they were and as they are (1/100000 of the currency, as
 * stored). A country or charge the family did not price before is null on that side.
 */
export const changedWccPrices = (was: WccPrices, now: WccPrices) => {
  const before: Record<string, Record<string, unknown>> = {};
  const after: Record<string, Record<string, unknown>> = {};
  for (const country of changedFields(was, now).keys) {
    const charges = changedFields(was[country] ?? {}, now[country] ?? {});
    before[country] = charges.before;
    after[country] = charges.after;
  }
  return { changed: Object.keys(after).length > 0, before, after };
};
