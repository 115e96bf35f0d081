import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './queryClient';
import { router } from './router';
import { Snackbars } from './Snackbars';
import { theme } from '../brand/theme';

export const App = () => (
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <QueryClientProvider client={queryClient}>
      <Snackbars>
        <RouterProvider router={router} />
      </Snackbars>
    </QueryClientProvider>
  </ThemeProvider>
);
