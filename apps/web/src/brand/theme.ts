import { createTheme, darken, getContrastRatio, lighten, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { ProfileColors } from '@pc/contract';
import { breakpoints } from '@pc/contract';

export const RAIL_WIDTH = 88;

/**
 * Someone who asks their system for less motion gets none: dialogs, menus and snackbars appear
 * and go at once, buttons do not ripple, placeholders do not pulse, spinners stand still.
 */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const stillness = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
} satisfies ThemeOptions;

/** The system's colour scheme, which the console follows (brand/useSystemScheme.ts). */
export type Scheme = 'light' | 'dark';

/**
 * WCAG AA's 4.5:1 for text: MUI puts white or black on a colour by this ratio (its own default, 3,
 * let white text on the light brand greens and oranges through), and the brand colours are made to
 * keep it against the page (readableOn below).
 */
const TEXT_CONTRAST = 4.5;

/**
 * The two schemes' colours. Light: the console's green, an orange for warnings and a blue for notes
 * dark enough for text on white (MUI's #ed6c02 is 3.1:1, #0288d1 3.9:1). Dark: the same hues lightened to read on near-black.
 */
const palettes = {
  light: {
    mode: 'light',
    primary: { main: '#0b6e4f' },
    secondary: { main: '#2f4858' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    background: { default: '#f4f6f8' },
    contrastThreshold: TEXT_CONTRAST,
  },
  dark: {
    mode: 'dark',
    primary: { main: '#4cc59a' },
    secondary: { main: '#9fb8c6' },
    background: { default: '#121416', paper: '#1b1e21' },
    contrastThreshold: TEXT_CONTRAST,
  },
} satisfies Record<Scheme, ThemeOptions['palette']>;

/** The hairline round papers and cards, a shade off the paper in each scheme. */
const borderOf = (theme: Theme) => `1px solid ${theme.palette.mode === 'dark' ? '#30363b' : '#e3e7eb'}`;

const themeOptions = {
  breakpoints: { values: { ...breakpoints } },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  ...(reducedMotion ? stillness : {}),
  components: {
    ...(reducedMotion
      ? {
          MuiButtonBase: { defaultProps: { disableRipple: true } },
          MuiSkeleton: { defaultProps: { animation: false } },
          MuiCircularProgress: { styleOverrides: { root: { animation: 'none' }, circle: { animation: 'none' } } },
          MuiLinearProgress: { styleOverrides: { bar: { animation: 'none' } } },
        }
      : {}),
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    // A disabled field's helper often says why it is disabled: it keeps the readable secondary colour.
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: ({ theme }) => ({ border: borderOf(theme) }) },
    },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
    MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
    MuiDialog: { styleOverrides: { paper: { border: 'none' } } },
    MuiMenu: { styleOverrides: { paper: { border: 'none' } } },
    MuiPopover: { styleOverrides: { paper: { border: 'none' } } },
  },
} satisfies ThemeOptions;

/** The console's own light theme (the dark one is made when a system first asks for it). */
export const theme = createTheme({ ...themeOptions, palette: palettes.light });

let darkTheme: Theme | undefined;
export const themeFor = (scheme: Scheme): Theme =>
  scheme === 'light' ? theme : (darkTheme ??= createTheme({ ...themeOptions, palette: palettes.dark }));

/**
 * `color` moved towards white (dark scheme) or black (light) in small steps until it reads at 4.5:1
 * on every one of `backgrounds`: a partner's dark navy stays navy on white and turns a light navy on
 * near-black; a pale brand yellow darkens on white. A colour that already reads is kept as it is.
 */
export const readableOn = (color: string, backgrounds: string[], scheme: Scheme): string => {
  const reads = (c: string) => backgrounds.every((b) => getContrastRatio(c, b) >= TEXT_CONTRAST);
  if (reads(color)) return color;
  for (let step = 1; step <= 20; step++) {
    const c = scheme === 'dark' ? lighten(color, step / 20) : darken(color, step / 20);
    if (reads(c)) return c;
  }
  return scheme === 'dark' ? '#ffffff' : '#000000';
};

/**
 * The console in a partner's colours (Manage, Configure Profile): its primary colour (buttons,
 * links, the active navigation; the text on it is chosen for contrast), made readable on the
 * scheme's pages, and its page background where the scheme's text reads on it (a light brand
 * background is left out of the dark scheme, and a dark one out of the light).
 */
export const brandTheme = (colors: ProfileColors, scheme: Scheme = 'light') => {
  const base = palettes[scheme];
  const own = themeFor(scheme);
  const text = scheme === 'dark' ? '#ffffff' : '#000000';
  const background = getContrastRatio(text, colors.background) >= 7 ? colors.background : base.background.default;
  const paper = own.palette.background.paper;
  return createTheme({
    ...themeOptions,
    palette: {
      ...base,
      primary: { main: readableOn(colors.primary, [background, paper], scheme) },
      background: { ...base.background, default: background },
    },
  });
};
