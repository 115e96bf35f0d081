import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { SNACKBAR_HIDE_MS } from '@pc/contract';

export const Snackbars = ({ children }: { children: ReactNode }) => (
  <SnackbarProvider
    maxSnack={3}
    autoHideDuration={SNACKBAR_HIDE_MS}
    anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
  >
    {children}
  </SnackbarProvider>
);
