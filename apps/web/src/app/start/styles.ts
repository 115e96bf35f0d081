/**
 * A piece of the app's start (main.tsx): MUI's styles (its default theme, CssBaseline, the theme
 * provider) and the console's themes, set up in a task of its own.
 */
export { CssBaseline } from '@mui/material';
export { ThemeProvider } from '../../brand/ThemeProvider';
export { themeFor } from '../../brand/theme';
