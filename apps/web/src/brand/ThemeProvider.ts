/**
 * MUI's ThemeProvider as it renders for a theme without CSS variables (the console's: brand/theme.ts),
 * without the CSS-variables provider it imports beside (vite.config.ts says why).
 */
export { default as ThemeProvider } from '@mui/material/styles/ThemeProviderNoVars';
