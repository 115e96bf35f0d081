import { Alert } from '@mui/material';
import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export const offlineText = 'You are offline. Nothing can be saved or loaded until the connection returns.';

/**
 * Said while the browser has no connection: a save tried meanwhile fails at once with its screen's
 * own failure text (mutations are not held to be sent later, see queryClient.ts), and this says why.
 */
export const OfflineNotice = () => {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 1, py: 0, '& .MuiAlert-message': { py: 0.75 } }}>
      {offlineText}
    </Alert>
  );
};
