import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

/** How long a message stays: the provider's 3 s unless a screen's spec says otherwise (4 s on Defaults). */
type Options = { hideAfterMs?: number };
export type Notify = {
  success: (text: string, options?: Options) => void;
  error: (text: string, options?: Options) => void;
  info: (text: string, options?: Options) => void;
};

export const useNotify = (): Notify => {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(() => {
    const show = (variant: 'success' | 'error' | 'info') => (text: string, options?: Options) =>
      enqueueSnackbar(text, { variant, ...(options?.hideAfterMs ? { autoHideDuration: options.hideAfterMs } : {}) });
    return { success: show('success'), error: show('error'), info: show('info') };
  }, [enqueueSnackbar]);
};
