import { toUnits, type Currency } from '@pc/contract';

/** One line of a price dialog: what is priced, and its amount (units) in each currency it has. */
export type PriceRow = { key: string; label: string; amounts: Partial<Record<Currency, number>> };
/** What the dialog's fields hold, by row and currency, as typed. */
export type Typed = Record<string, string>;
/** The rows a Save sends: each changed row with every amount it has (the catalogue replaces a row whole). */
export type ChangedRows = Record<string, Partial<Record<Currency, number>>>;

export const fieldKey = (row: string, currency: Currency) => `${row}:${currency}`;
export const currenciesOf = (row: PriceRow) => (['INR', 'USD'] as const).filter((c) => row.amounts[c] !== undefined);

/** An amount typed in currency units ("12", "0.7846") as stored units; null when it is not one (negative, 6+ decimals, text). */
export const typedUnits = (text: string): number | null => {
  const trimmed = text.trim();
  return /^\d+(\.\d{0,5})?$/.test(trimmed) ? toUnits(trimmed) : null;
};

/**
 * The rows whose amounts differ from the catalogue's, each whole; null while a field is not an
 * amount. An untouched field keeps the catalogue's amount.
 */
export const changedRows = (rows: PriceRow[], typed: Typed): ChangedRows | null => {
  const changed: ChangedRows = {};
  for (const row of rows) {
    const amounts: Partial<Record<Currency, number>> = {};
    let differs = false;
    for (const currency of currenciesOf(row)) {
      const text = typed[fieldKey(row.key, currency)];
      const units = text === undefined ? row.amounts[currency]! : typedUnits(text);
      if (units === null) return null;
      amounts[currency] = units;
      differs ||= units !== row.amounts[currency];
    }
    if (differs) changed[row.key] = amounts;
  }
  return changed;
};

/** A changed row of a two-currency price as the catalogue takes it. */
export const bothCurrencies = (amounts: Partial<Record<Currency, number>>) => ({
  INR: amounts.INR ?? 0,
  USD: amounts.USD ?? 0,
});
