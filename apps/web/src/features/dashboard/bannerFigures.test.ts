import { describe, expect, it } from 'vitest';
import { bannerFiguresBehind } from './bannerFigures';

describe('bannerFiguresBehind', () => {
  const partner = { centralBalance: 245_000_000, minAllowedBalance: 50_000_000 };

  it('is behind when the dashboard shows another central balance or minimum', () => {
    expect(bannerFiguresBehind(partner, { centralBalance: 244_584_000, minAllowedBalance: 50_000_000 })).toBe(true);
    expect(bannerFiguresBehind(partner, { centralBalance: 245_000_000, minAllowedBalance: 60_000_000 })).toBe(true);
  });

  it('is not behind when they agree, or before both are loaded', () => {
    expect(bannerFiguresBehind(partner, { ...partner })).toBe(false);
    expect(bannerFiguresBehind(partner, undefined)).toBe(false);
    expect(bannerFiguresBehind(null, { ...partner })).toBe(false);
  });
});
