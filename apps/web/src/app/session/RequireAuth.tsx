import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { messages } from '@pc/contract';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SessionContext, toViewer, type Session } from '../../session/session';
import { useMeQuery, usePartnerQuery } from '../../session/useSessionQueries';
import { useToken } from '../../session/useToken';

const Centered = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>{children}</Box>
);

/** Loads the user and the partner before anything signed-in renders; no token means sign-in. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const token = useToken();
  const location = useLocation();
  const me = useMeQuery(Boolean(token));
  const isAgent = me.data?.kind === 'agent';
  const partner = usePartnerQuery(Boolean(token) && isAgent);

  const session = useMemo<Session | null>(() => {
    if (!me.data) return null;
    if (me.data.kind === 'agent' && !partner.data) return null;
    return { me: me.data, partner: partner.data ?? null, viewer: toViewer(me.data) };
  }, [me.data, partner.data]);
  // React Query hands the answers to React as an external store's change, which React renders at once
  // and whole: the shell and the page under it, first drawn here, held the main thread for one long
  // task (about 300 ms on a phone, at 4x). Drawn from a deferred copy, they render in a pass React
  // can interrupt, while the spinner stays up.
  const shown = useDeferredValue(session);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (me.isError || partner.isError) {
    const retry = () => (me.isError ? me.refetch() : partner.refetch());
    return (
      <Centered>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void retry()}>
              Retry
            </Button>
          }
        >
          {messages.connectionFailure}
        </Alert>
      </Centered>
    );
  }
  if (!shown)
    return (
      <Centered>
        <CircularProgress aria-label="Loading" />
      </Centered>
    );
  return <SessionContext.Provider value={shown}>{children}</SessionContext.Provider>;
};
