import { createTheme, type ThemeOptions } from '@mui/material/styles';
import type { ProfileColors } from '@pc/contract';
import { breakpoints } from '@pc/contract';

export const RAIL_WIDTH = 88;

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
  components: {
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
