import { SNACKBAR_HIDE_LONG_MS } from '@pc/contract';
import { useMemo } from 'react';
import { useNotify, type Notify } from '../../ui/useNotify';

/** The super-admin's toasts stay 4 seconds (doc 2 section 8), the console's others 3. */
export const useAdminNotify = (): Notify => {
  const notify = useNotify();
  return useMemo(() => {
    const long = { hideAfterMs: SNACKBAR_HIDE_LONG_MS };
    return {
      success: (text) => notify.success(text, long),
      error: (text) => notify.error(text, long),
      info: (text) => notify.info(text, long),
    };
  }, [notify]);
};
