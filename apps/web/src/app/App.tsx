import { CssBaseline } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './queryClient';
import { AppRoutes } from './router';
import { Snackbars } from './Snackbars';
import { themeFor } from '../brand/theme';
import { ThemeProvider } from '../brand/ThemeProvider';
import { useSystemScheme } from '../brand/useSystemScheme';

export const App = () => {
  // Light or dark as the system asks (the partner's colours follow inside the shell: BrandTheme).
  const scheme = useSystemScheme();
  return (
    <ThemeProvider theme={themeFor(scheme)}>
      {/* The page's own scrollbars and form controls in the scheme too (color-scheme on <html>). */}
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <Snackbars>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Snackbars>
      </QueryClientProvider>
    </ThemeProvider>
  );
};
