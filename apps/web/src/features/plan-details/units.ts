import { MONEY_SCALE } from '@pc/contract';

/** Stored units as the text a margin field starts with: "0.07846", "12", "0" (no grouping, no float drift). */
export const unitsToInput = (units: number): string => {
  const n = Math.max(0, Math.round(units));
  const fraction = String(n % MONEY_SCALE)
    .padStart(5, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.floor(n / MONEY_SCALE)}.${fraction}` : String(Math.floor(n / MONEY_SCALE));
};

/** What a margin field keeps of a typed value: a negative margin becomes 0 (doc 3 section 5). */
export const cleanMargin = (typed: string): string => (typed.trim().startsWith('-') ? '0' : typed);

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A recipient country as people read it; `default` is the rest of the world. */
export const countryName = (code: string, restOfWorld: string): string => {
  if (code === 'default') return restOfWorld;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};
