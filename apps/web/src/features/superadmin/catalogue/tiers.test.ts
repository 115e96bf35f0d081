import type { ProviderCatalogue } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { draftsOf, sameTiers, tierLinesOf, tierMarketsOf, tierText, typedFrom, typedTiers } from './tiers';

const names: Record<string, string> = { IN: 'India', BR: 'Brazil', default: 'Rest of world' };
const name = (code: string) => names[code] ?? code;
const price = (INR: number, USD: number) => ({ INR, USD });

const catalogue: ProviderCatalogue = {
  plans: {},
  wcc: {
    default: { uc: price(30000, 400), ac: price(30000, 400) },
    IN: { mc: price(78460, 940), uc: price(11500, 140), ac: price(11500, 140) },
    BR: { mc: price(50000, 600) },
  },
  slabFees: [],
  addons: {},
  volumeTiers: {
    default: { ac: [{ fromMessages: 1000, INR: 20000, USD: 300 }] },
    IN: {
      ac: [{ fromMessages: 500, INR: 11000, USD: 130 }],
      uc: [
        { fromMessages: 25_000_001, INR: 10810, USD: 132 },
        { fromMessages: 50_000_001, INR: 10120, USD: 123 },
      ],
    },
    BR: { uc: [] },
  },
};

describe('tierLinesOf', () => {
  it('lists each market and charge type with tiers: by name, rest of world last, utility first', () => {
    const lines = tierLinesOf(catalogue, name);
    expect(lines.map((l) => `${l.code}:${l.type}`)).toEqual(['IN:uc', 'IN:ac', 'default:ac']);
    expect(lines[0]).toMatchObject({ name: 'India', list: price(11500, 140) });
    expect(lines[0]!.tiers).toHaveLength(2);
  });
});

describe('tierMarketsOf', () => {
  it('offers the markets with a utility or authentication list price, and which of the two', () => {
    expect(tierMarketsOf(catalogue.wcc, name)).toEqual([
      { code: 'IN', name: 'India', types: ['uc', 'ac'] },
      { code: 'default', name: 'Rest of world', types: ['uc', 'ac'] },
    ]);
  });
});

describe('tierText', () => {
  it('reads a tier with its start grouped as the console groups counts and every decimal of its prices', () => {
    expect(tierText({ fromMessages: 25_000_001, INR: 10810, USD: 132 })).toBe('from 2,50,00,001: ₹0.1081 / $0.00132');
  });
});

describe('typedFrom', () => {
  it('reads a whole number from 2 on, grouped or not', () => {
    expect(typedFrom('25000001')).toBe(25_000_001);
    expect(typedFrom(' 2,50,00,001 ')).toBe(25_000_001);
    expect(typedFrom('25,000,001')).toBe(25_000_001);
    expect(typedFrom('2')).toBe(2);
  });

  it('refuses what is not a tier start', () => {
    for (const text of ['', '1', '0', '-5', '2.5', 'abc', '2000000001', '99999999999'])
      expect(typedFrom(text)).toBeNull();
  });
});

describe('typedTiers', () => {
  it('fills the fields as people read the tiers, and reads them back as the same tiers', () => {
    const tiers = catalogue.volumeTiers.IN!.uc!;
    expect(draftsOf(tiers)[0]).toMatchObject({ from: '2,50,00,001', INR: '0.1081', USD: '0.00132' });
    expect(typedTiers(draftsOf(tiers))).toEqual(tiers);
    expect(typedTiers([])).toEqual([]);
  });

  it('is null while a field is blank or wrong', () => {
    const [draft] = draftsOf([{ fromMessages: 100, INR: 1000, USD: 10 }]);
    expect(typedTiers([{ ...draft!, USD: '' }])).toBeNull();
    expect(typedTiers([{ ...draft!, from: '1' }])).toBeNull();
    expect(typedTiers([{ ...draft!, INR: '0.000001' }])).toBeNull();
  });

  it('gives each row its own id, so a removed row takes only its fields', () => {
    const drafts = draftsOf(catalogue.volumeTiers.IN!.uc!);
    expect(new Set(drafts.map((d) => d.id)).size).toBe(2);
  });
});

describe('sameTiers', () => {
  it('compares lists tier by tier, in order', () => {
    const tiers = catalogue.volumeTiers.IN!.uc!;
    expect(sameTiers(tiers, [...tiers])).toBe(true);
    expect(sameTiers(tiers, [...tiers].reverse())).toBe(false);
    expect(sameTiers(tiers, tiers.slice(1))).toBe(false);
    expect(sameTiers([], [])).toBe(true);
  });
});
