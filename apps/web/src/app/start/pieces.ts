/**
 * Never loaded by the browser: a second input of the build (vite.config.ts), so that the pieces of
 * the app's start that main.tsx imports one task at a time, and all they import, are placed in the
 * entry's own chunk (`initial`). There each `import()` of a piece fetches nothing: it runs the piece.
 */
export { startApp } from './app';
export { ThemeContext, emotionStyled } from './emotion';
export { AppRoutes } from './routes';
export { CssBaseline, ThemeProvider, themeFor } from './styles';
