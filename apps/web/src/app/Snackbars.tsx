import { Alert, Box } from '@mui/material';
import { SNACKBAR_HIDE_MS } from '@pc/contract';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NotifyContext, type Notify, type NotifyVariant } from '../ui/useNotify';

/** At most three messages at once; a fourth pushes out the oldest. */
const MAX_SHOWN = 3;

/** An error waits for its close button (null); the others go after their time. */
type Message = { id: number; text: string; variant: NotifyVariant; hideAfterMs: number | null };

/**
 * The console's messages, top centre. A success or a note goes after its time (paused while the
 * pointer is on it); an error stays until it is closed, so it is not missed by someone who looked
 * away or reads slowly. Each has a close button. The same error twice is shown once (the newer).
 * A few lines on MUI's Alert rather than a snackbar library: every page loads this, and
 * a library would take a share of the sign-in page's 200 KB budget (docs/benchmarks.md).
 */
export const Snackbars = ({ children }: { children: ReactNode }) => {
  const [shown, setShown] = useState<Message[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => setShown((all) => all.filter((m) => m.id !== id)), []);
  const notify = useMemo<Notify>(() => {
    const show = (variant: NotifyVariant) => (text: string, options?: { hideAfterMs?: number }) => {
      const hideAfterMs = variant === 'error' ? null : (options?.hideAfterMs ?? SNACKBAR_HIDE_MS);
      const message = { id: nextId.current++, text, variant, hideAfterMs };
      setShown((all) =>
        [...all.filter((m) => !(m.variant === 'error' && variant === 'error' && m.text === text)), message].slice(
          -MAX_SHOWN,
        ),
      );
    };
    return { success: show('success'), error: show('error'), info: show('info') };
  }, []);

  return (
    <NotifyContext value={notify}>
      {children}
      <Box
        sx={{
          position: 'fixed',
          top: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 'snackbar',
          display: 'grid',
          gap: 1,
          width: 'max-content',
          maxWidth: 'calc(100vw - 32px)',
        }}
      >
        {shown.map((message) => (
          <Shown key={message.id} message={message} onGone={dismiss} />
        ))}
      </Box>
    </NotifyContext>
  );
};

const Shown = ({ message, onGone }: { message: Message; onGone: (id: number) => void }) => {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || message.hideAfterMs === null) return;
    const timer = window.setTimeout(() => onGone(message.id), message.hideAfterMs);
    return () => window.clearTimeout(timer);
  }, [paused, message, onGone]);
  return (
    <Alert
      data-snackbar
      variant="filled"
      severity={message.variant}
      role={message.variant === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onClose={() => onGone(message.id)}
      sx={{
        boxShadow: 6,
        '@keyframes snackbar-in': { from: { opacity: 0, transform: 'translateY(-8px)' } },
        animation: 'snackbar-in 150ms ease-out',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {message.text}
    </Alert>
  );
};
