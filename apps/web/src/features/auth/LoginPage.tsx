import { Alert, Box, Link } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../../ui/lazyPage';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { setToken } from '../../api/token';
import { useNotify } from '../../ui/useNotify';
import { useToken } from '../../session/useToken';
import { AuthFrame } from './AuthFrame';
import { LoginForm } from './LoginForm';
import { useSignInLink } from './useSignInLink';
import { authTexts } from './texts';

/** Only a path of this console: not another site ('//host', '/\\host'), not sign-in itself. */
const isConsolePath = (path: unknown): path is string =>
  typeof path === 'string' && /^\/(?![/\\])/.test(path) && !path.startsWith('/login');

/** Where sign-in leads: the page the user was sent here from (a visit signed out, or a session that ended). */
// Shown on demand only: loaded then, not with the page every visit starts on.
const ForgotPasswordDialog = lazyPage(() => import('./ForgotPasswordDialog'), 'ForgotPasswordDialog');
const SwitchAccountDialog = lazyPage(() => import('./SwitchAccountDialog'), 'SwitchAccountDialog');

const returnPath = (state: unknown, next: string | null): string => {
  const from = (state as { from?: unknown } | null)?.from;
  if (isConsolePath(from)) return from;
  return isConsolePath(next) ? next : '/';
};

export const LoginPage = () => {
  const token = useToken();
  const [params] = useSearchParams();
  const urlToken = params.get('token');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [forgotOpen, setForgotOpen] = useState(false);

  const signIn = (newToken: string) => {
    // Nothing cached for an earlier user may show to this one.
    queryClient.clear();
    setToken(newToken);
    void navigate(returnPath(location.state, params.get('next')), { replace: true });
  };

  // A link carrying a token: checked with the server first, and never silently replacing another account.
  const link = useSignInLink(urlToken, token);
  const notify = useNotify();
  useEffect(() => {
    if (!urlToken) return;
    if (link.step === 'accept') {
      queryClient.clear();
      setToken(urlToken);
      void navigate('/', { replace: true });
    } else if (link.step === 'keep') {
      void navigate('/', { replace: true });
    } else if (link.step === 'invalid' || link.step === 'unchecked') {
      notify.error(link.step === 'invalid' ? authTexts.linkInvalid : authTexts.linkUnchecked);
      void navigate(token ? '/' : '/login', { replace: true });
    }
  }, [link.step, urlToken, token, navigate, queryClient, notify]);

  if (token && !urlToken) return <Navigate to={returnPath(location.state, params.get('next'))} replace />;
  if (link.step === 'ask') {
    return (
      <AuthFrame heading="Sign In">
        <Suspense>
          <SwitchAccountDialog
            current={link.current}
            next={link.next}
            onKeep={() => void navigate('/', { replace: true })}
            onSwitch={() => {
              queryClient.clear();
              setToken(urlToken!);
              void navigate('/', { replace: true });
            }}
          />
        </Suspense>
      </AuthFrame>
    );
  }
  if (urlToken && link.step !== 'invalid' && link.step !== 'unchecked')
    return <AuthFrame heading="Sign In">{authTexts.checkingLink}</AuthFrame>;

  return (
    <AuthFrame heading="Sign In">
      {params.get('ended') === '1' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {authTexts.sessionEnded}
        </Alert>
      )}
      <LoginForm onSignedIn={signIn} />
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
          {authTexts.forgotPassword}
        </Link>
      </Box>
      {forgotOpen && (
        <Suspense>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </AuthFrame>
  );
};
