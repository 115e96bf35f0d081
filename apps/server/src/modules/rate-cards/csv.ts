import {
  RATE_CARD_MAX_LINES,
  RATE_CARD_MAX_PRICE,
  rateCardCategoryCharge,
  rateCardTexts as t,
  type RateCardCategory,
  type WccChargeType,
} from '@pc/contract';
import type { RateCardPrices } from '../../platform/db/schema.js';

/** A card's file read: its prices, or every line to fix (1-based line numbers, the header is line 1). */
export type ParsedRateCard = { prices: RateCardPrices; rows: number } | { problems: string[] };

const columns = ['country', 'category', 'price'] as const;

/** One line's cells: commas separate them, a quoted cell may hold commas and doubled quotes. */
const cellsOf = (line: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((v) => v.trim());
};

const countryOf = (value: string): string | null => {
  if (value.toLowerCase() === 'default') return 'default';
  return /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
};

/** "Business initiated", "business-initiated" and "BUSINESS_INITIATED" are one category. */
const categoryOf = (value: string): RateCardCategory | null => {
  const key = value.toLowerCase().replace(/[\s-]+/g, '_');
  return key in rateCardCategoryCharge ? (key as RateCardCategory) : null;
};

/** An amount in currency units as whole 1/100000 units, or why it is not one (no floats on the way). */
const priceOf = (value: string): number | string => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return t.price(value);
  const [, sign, whole, fraction = ''] = match;
  if (sign) return t.negative(value);
  if (fraction.length > 5) return t.decimals(value);
  const units = Number(whole) * 100000 + Number(fraction.padEnd(5, '0'));
  return units > RATE_CARD_MAX_PRICE ? t.tooHigh(value) : units;
};

/**
 * Reads a rate card's CSV: the header `country,category,price` (any order, any case), then one line
 * per country (ISO alpha-2 or `default`) and category (marketing, utility, authentication, service,
 * business_initiated, user_initiated) with a price of at most 5 decimals. Blank lines are skipped.
 * A line is refused with its number and what is wrong: a bad value, a pair already priced on an
 * earlier line, or a pair the provider catalogue has no price for (`priced`): a card changes the
 * prices the catalogue has, a new market is added in the catalogue itself.
 */
export const parseRateCard = (
  text: string,
  priced: (country: string, charge: WccChargeType) => boolean,
): ParsedRateCard => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = cellsOf(lines[0] ?? '').map((c) => c.toLowerCase());
  const at = columns.map((name) => header.indexOf(name));
  if (header.length !== 3 || at.some((i) => i < 0)) return { problems: [t.line(1, t.header)] };
  const [countryAt, categoryAt, priceAt] = at as [number, number, number];

  const problems: string[] = [];
  const prices: RateCardPrices = {};
  const firstLine = new Map<string, number>();
  let rows = 0;
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (rows + problems.length >= RATE_CARD_MAX_LINES) return { problems: [t.tooManyLines] };
    const cells = cellsOf(line);
    if (cells.length !== 3) {
      problems.push(t.line(n, t.cells(cells.length)));
      continue;
    }
    const country = countryOf(cells[countryAt]!);
    const category = categoryOf(cells[categoryAt]!);
    const price = priceOf(cells[priceAt]!);
    const wrong = [
      country === null ? t.country(cells[countryAt]!) : null,
      category === null ? t.category(cells[categoryAt]!) : null,
      typeof price === 'string' ? price : null,
    ].filter((p) => p !== null);
    if (wrong.length > 0) {
      problems.push(t.line(n, wrong.join('; ')));
      continue;
    }
    const charge = rateCardCategoryCharge[category!];
    const key = `${country}|${charge}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      problems.push(t.line(n, t.duplicate(country!, category!, first)));
      continue;
    }
    firstLine.set(key, n);
    if (!priced(country!, charge)) {
      problems.push(t.line(n, t.notInCatalogue(country!, category!)));
      continue;
    }
    (prices[country!] ??= {})[charge] = price as number;
    rows++;
  }
  if (problems.length > 0) return { problems };
  if (rows === 0) return { problems: [t.noRows] };
  return { prices, rows };
};
