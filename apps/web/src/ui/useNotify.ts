import { createContext, useContext } from 'react';

/**
 * How long a success or a note stays: the console's 3 s unless a screen's spec says otherwise (4 s on
 * Defaults). An error stays until it is closed, whatever is asked (app/Snackbars.tsx).
 */
type Options = { hideAfterMs?: number };
export type NotifyVariant = 'success' | 'error' | 'info';
export type Notify = {
  success: (text: string, options?: Options) => void;
  error: (text: string, options?: Options) => void;
  info: (text: string, options?: Options) => void;
};

/** Provided by the app's Snackbars; a page only ever calls it through useNotify. */
export const NotifyContext = createContext<Notify | null>(null);

export const useNotify = (): Notify => {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify outside <Snackbars>');
  return notify;
};
