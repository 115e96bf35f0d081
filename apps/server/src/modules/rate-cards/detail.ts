import { categoryOfCharge, rateCardTexts as t, type RateCardDetail, type WccChargeType } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { notFound } from '../../platform/errors/app-error.js';
import { readWccCatalogue } from '../pricing/catalogue.js';
import { findRateCard, rateCardOut } from './queries.js';

const chargeOrder: WccChargeType[] = ['mc', 'uc', 'ac', 'sc', 'bic', 'uic'];

/**
 * One card with its prices, each beside the catalogue's price now in the card's currency and the
 * change (once the card has applied, the catalogue's price is the card's unless edited since).
 * Countries in order, `default` last; categories marketing first.
 */
export const rateCardDetail = async (db: DbOrTx, id: string): Promise<RateCardDetail> => {
  const found = await findRateCard(db, id);
  if (!found) throw notFound(t.notFound);
  const { card } = found;
  const catalogue = await readWccCatalogue(db);
  const countries = Object.keys(card.prices).sort((a, b) =>
    a === 'default' ? 1 : b === 'default' ? -1 : a.localeCompare(b),
  );
  const rows = countries.flatMap((country) =>
    chargeOrder
      .filter((charge) => card.prices[country]![charge] !== undefined)
      .map((charge) => {
        const price = card.prices[country]![charge]!;
        const now = catalogue[country]?.[charge];
        const current = now ? (card.currency === 'INR' ? now.INR : now.USD) : null;
        return {
          country,
          category: categoryOfCharge[charge],
          current,
          price,
          change: current === null ? null : price - current,
        };
      }),
  );
  return { rateCard: rateCardOut(card, found.createdBy), rows };
};
