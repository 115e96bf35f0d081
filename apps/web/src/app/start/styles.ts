/**
 * A piece of the app's start (main.tsx): MUI's styles (CssBaseline, the theme provider; its own
 * default themes are made only when read, vite-mui-lazy-default-themes.ts) and the console's themes,
 * set up in a task of its own.
 */
export { CssBaseline } from '@mui/material';
export { ThemeProvider } from '../../brand/ThemeProvider';
export { themeFor } from '../../brand/theme';
