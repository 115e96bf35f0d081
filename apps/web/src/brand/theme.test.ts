import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { brandTheme, readableOn, themeFor } from './theme';

describe('the console in both colour schemes', () => {
  it('keeps text on the warning, note and primary colours at 4.5:1 in both', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { palette } = themeFor(scheme);
      expect(palette.mode).toBe(scheme);
      for (const color of [palette.primary, palette.warning, palette.info, palette.success, palette.error]) {
        expect(getContrastRatio(color.contrastText, color.main), `${scheme} ${color.main}`).toBeGreaterThanOrEqual(4.5);
        expect(
          getContrastRatio(color.main, palette.background.paper),
          `${scheme} ${color.main}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("keeps a partner's colour that reads, and moves one that does not towards the scheme's text", () => {
    expect(readableOn('#1565c0', ['#ffffff'], 'light')).toBe('#1565c0');
    const onDark = readableOn('#1565c0', ['#121416', '#1b1e21'], 'dark');
    expect(getContrastRatio(onDark, '#1b1e21')).toBeGreaterThanOrEqual(4.5);
    const pale = readableOn('#ffd54f', ['#ffffff'], 'light');
    expect(getContrastRatio(pale, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("uses the partner's background where the scheme's text reads on it, else the scheme's own", () => {
    const colors = { primary: '#1565c0', background: '#f3f7fc' };
    const light = brandTheme(colors, 'light');
    const dark = brandTheme(colors, 'dark');
    expect(light.palette.background.default).toBe('#f3f7fc');
    expect(light.palette.primary.main).toBe('#1565c0');
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.background.default).toBe(themeFor('dark').palette.background.default);
    expect(getContrastRatio(dark.palette.primary.main, dark.palette.background.default)).toBeGreaterThanOrEqual(4.5);
  });
});
