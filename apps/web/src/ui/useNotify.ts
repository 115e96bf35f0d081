import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

export type Notify = { success: (text: string) => void; error: (text: string) => void; info: (text: string) => void };

export const useNotify = (): Notify => {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (text) => enqueueSnackbar(text, { variant: 'success' }),
      error: (text) => enqueueSnackbar(text, { variant: 'error' }),
      info: (text) => enqueueSnackbar(text, { variant: 'info' }),
    }),
    [enqueueSnackbar],
  );
};
