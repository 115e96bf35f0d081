/**
 * The first piece of the app's start (main.tsx): MUI's styling engine and the console's themes, which
 * everything drawn after needs. Loaded and run on its own, so that its set-up is a task of its own.
 */
export { CssBaseline } from '@mui/material';
export { ThemeProvider } from '../brand/ThemeProvider';
export { themeFor } from '../brand/theme';
