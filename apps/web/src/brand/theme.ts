import { createTheme, type ThemeOptions } from '@mui/material/styles';
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

const themeOptions = {
  breakpoints: { values: { ...breakpoints } },
  palette: {
    primary: { main: '#0b6e4f' },
    secondary: { main: '#2f4858' },
    background: { default: '#f4f6f8' },
  },
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
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e3e7eb' } } },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
    MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
    MuiDialog: { styleOverrides: { paper: { border: 'none' } } },
    MuiMenu: { styleOverrides: { paper: { border: 'none' } } },
    MuiPopover: { styleOverrides: { paper: { border: 'none' } } },
  },
} satisfies ThemeOptions;

export const theme = createTheme(themeOptions);

/**
 * The console in a partner's colours (Manage, Configure Profile): its primary colour (buttons,
 * links, the active navigation; the text on it is chosen for contrast) and page background.
 */
export const brandTheme = (colors: ProfileColors) =>
  createTheme({
    ...themeOptions,
    palette: {
      ...themeOptions.palette,
      primary: { main: colors.primary },
      background: { ...themeOptions.palette.background, default: colors.background },
    },
  });
