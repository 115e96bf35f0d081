import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useCallback, useRef, useState } from 'react';

/**
 * Sign-up alerts stay 4 seconds (doc 3 section 9), not the console's 3; an error stays until it is
 * closed (or replaced), as the console's do, so that it is not missed.
 */
const HIDE_MS = 4000;

export type SignupAlertMessage = {
  severity: 'success' | 'info' | 'error';
  /** The spec's words ('WABA is Live!', 'Connection Failed!'...). */
  text: string;
  /** The server's explanation under it, when there is one. */
  detail?: string;
};
export type ShowAlert = (message: SignupAlertMessage) => void;

type Shown = SignupAlertMessage & { id: number; open: boolean };

export const useSignupAlert = () => {
  const [shown, setShown] = useState<Shown | null>(null);
  const nextId = useRef(0);
  const show = useCallback<ShowAlert>((message) => setShown({ ...message, id: nextId.current++, open: true }), []);
  // The message stays while it fades out.
  const close = useCallback(() => setShown((m) => (m ? { ...m, open: false } : m)), []);
  return { shown, show, close };
};

/** One alert at a time, top centre; a new one replaces the last and starts its own 4 seconds (an error: none). */
export const SignupAlert = ({ shown, onClose }: { shown: Shown | null; onClose: () => void }) =>
  shown && (
    <Snackbar
      key={shown.id}
      open={shown.open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={shown.severity === 'error' ? null : HIDE_MS}
      // A click elsewhere on the page (the next field) does not dismiss it early.
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
    >
      <Alert
        data-snackbar
        variant="filled"
        severity={shown.severity}
        role={shown.severity === 'error' ? 'alert' : 'status'}
        onClose={onClose}
        sx={{ width: '100%', boxShadow: 6 }}
      >
        {shown.detail ? (
          <>
            <AlertTitle sx={{ mb: 0 }}>{shown.text}</AlertTitle>
            {shown.detail}
          </>
        ) : (
          shown.text
        )}
      </Alert>
    </Snackbar>
  );
