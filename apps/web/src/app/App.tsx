import { CssBaseline } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './queryClient';
import { AppRoutes } from './router';
import { Snackbars } from './Snackbars';
import { theme } from '../brand/theme';
import { ThemeProvider } from '../brand/ThemeProvider';

export const App = () => (
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <QueryClientProvider client={queryClient}>
      <Snackbars>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Snackbars>
    </QueryClientProvider>
  </ThemeProvider>
);
