import { describe, expect, it } from 'vitest';
import { rateCardTexts as t } from '@pc/contract';
import { parseRateCard } from './csv.js';

// The catalogue of these tests: IN and default price every charge type, AE only marketing.
const priced = (country: string, charge: string) =>
  country === 'IN' || country === 'default' || (country === 'AE' && charge === 'mc');
const parse = (text: string) => parseRateCard(text, priced);
const problems = (text: string) => {
  const parsed = parse(text);
  return 'problems' in parsed ? parsed.problems : [];
};

describe('a rate card file', () => {
  it('reads the prices in 1/100000, by country and charge type, whatever the case, quotes and line ends', () => {
    const text =
      '\uFEFFCountry,Category,Price\r\nin,Marketing,0.8473\r\n"IN","utility","0.115"\n\nAE,marketing, 3.48365 \rdefault,business-initiated,1\nIN,User Initiated,0\n';
    expect(parse(text)).toEqual({
      prices: { IN: { mc: 84730, uc: 11500, uic: 0 }, AE: { mc: 348365 }, default: { bic: 100000 } },
      rows: 5,
    });
  });

  it('takes the three columns in any order', () => {
    expect(parse('price,country,category\n0.5,IN,authentication\n')).toEqual({
      prices: { IN: { ac: 50000 } },
      rows: 1,
    });
  });

  it('refuses a file without the header, naming line 1', () => {
    expect(problems('IN,marketing,0.84\n')).toEqual([t.line(1, t.header)]);
    expect(problems('country,category\nIN,marketing\n')).toEqual([t.line(1, t.header)]);
    expect(problems('country,category,price,note\n')).toEqual([t.line(1, t.header)]);
  });

  it('refuses a file with no prices', () => {
    expect(problems('country,category,price\n\n  \n')).toEqual([t.noRows]);
  });

  it('refuses every bad line with its number and what is wrong, and keeps nothing', () => {
    const text = [
      'country,category,price', // 1
      'IN,marketing,0.84', // 2: fine
      'IND,marketing,0.84', // 3: country
      'IN,promo,0.84', // 4: category
      'IN,utility,abc', // 5: not a price
      'IN,authentication,-1', // 6: negative
      'IN,service,0.123456', // 7: decimals
      'IN,business_initiated,10000000.00001', // 8: above the bound
      'IN,marketing,0.9', // 9: duplicate of line 2
      'AE,utility,0.5', // 10: not in the catalogue
      'IN,user_initiated', // 11: two cells
      'XX1,nothing,', // 12: three problems at once
    ].join('\n');
    expect(problems(text)).toEqual([
      t.line(3, t.country('IND')),
      t.line(4, t.category('promo')),
      t.line(5, t.price('abc')),
      t.line(6, t.negative('-1')),
      t.line(7, t.decimals('0.123456')),
      t.line(8, t.tooHigh('10000000.00001')),
      t.line(9, t.duplicate('IN', 'marketing', 2)),
      t.line(10, t.notInCatalogue('AE', 'utility')),
      t.line(11, t.cells(2)),
      t.line(12, `${t.country('XX1')}; ${t.category('nothing')}; ${t.price('')}`),
    ]);
  });

  it('counts a duplicate by charge type: "business initiated" twice under two spellings', () => {
    expect(problems('country,category,price\nIN,business_initiated,1\nin,Business Initiated,2\n')).toEqual([
      t.line(3, t.duplicate('IN', 'business_initiated', 2)),
    ]);
  });

  it('takes the bound itself and 5 decimals', () => {
    expect(parse('country,category,price\nIN,marketing,10000000\nIN,utility,0.00001\n')).toEqual({
      prices: { IN: { mc: 1_000_000_000_000, uc: 1 } },
      rows: 2,
    });
  });

  it('refuses more than 5,000 lines of prices', () => {
    const lines = Array.from({ length: 5001 }, () => 'IN,marketing,1');
    expect(problems(`country,category,price\n${lines.join('\n')}`)).toEqual([t.tooManyLines]);
  });
});
