import { describe, expect, it } from 'vitest';
import { resolveBrand } from '../../brand/brand';
import { brandChecklist } from './brandChecklist';

describe('the brand checklist of /preview', () => {
  it('says what is set, and what shows in place of what is not', () => {
    const brand = resolveBrand(null, {
      brandName: 'Acme Connect',
      faviconUrl: null,
      brandLogoUrl: 'https://cdn.example.com/logo.png',
      profileColors: { primary: '#0B5FFF', background: '#F4F7FB' },
    });
    const items = brandChecklist(brand, null);
    expect(items.map((i) => [i.key, i.set, i.detail])).toEqual([
      ['name', true, 'Acme Connect'],
      ['logo', true, 'https://cdn.example.com/logo.png'],
      ['favicon', false, "The console's own icon shows."],
      ['colors', true, '#0B5FFF on #F4F7FB'],
      ['loading', false, "The console's own spinner shows."],
    ]);
  });

  it('a partner without a brand sees every default', () => {
    const items = brandChecklist(resolveBrand(null, null), null);
    expect(items.every((i) => !i.set)).toBe(true);
    expect(items[0]!.detail).toBe('Set by the platform when your account is made.');
    expect(items[3]!.detail).toBe("The console's own colours show.");
  });
});
