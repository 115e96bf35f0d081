import { describe, expect, it } from 'vitest';
import { wantsCsv } from './wants-csv.js';

describe('wantsCsv', () => {
  it('is true only when text/csv is named and preferred to application/json', () => {
    expect(wantsCsv('text/csv')).toBe(true);
    expect(wantsCsv('Text/CSV; charset=utf-8')).toBe(true);
    expect(wantsCsv('text/csv, application/json;q=0.9')).toBe(true);
    expect(wantsCsv('application/json;q=0.5, text/csv')).toBe(true);
  });

  it('keeps JSON for no header, wildcards, JSON, a tie or text/csv refused', () => {
    for (const accept of [
      undefined,
      '',
      '*/*',
      'text/*',
      'application/json',
      'application/json, text/csv',
      'text/csv;q=0',
      'text/csv;q=abc',
      'text/html,application/xhtml+xml',
    ])
      expect(wantsCsv(accept), String(accept)).toBe(false);
  });
});
