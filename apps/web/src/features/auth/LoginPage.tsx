import { Box, Link } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isTokenExpired, setToken } from '../../api/token';
import { useToken } from '../../app/session/useToken';
import { AuthFrame } from './AuthFrame';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginForm } from './LoginForm';
import { authTexts } from './texts';

const returnPath = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
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
    void navigate(returnPath(location.state), { replace: true });
  };

  // A link carrying a token signs the user in directly.
  useEffect(() => {
    if (!urlToken) return;
    if (isTokenExpired(urlToken)) {
      void navigate('/login', { replace: true });
      return;
    }
    queryClient.clear();
    setToken(urlToken);
    void navigate('/', { replace: true });
  }, [urlToken, navigate, queryClient]);

  if (token && !urlToken) return <Navigate to="/" replace />;

  return (
    <AuthFrame heading="Sign In">
      <LoginForm onSignedIn={signIn} />
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
          {authTexts.forgotPassword}
        </Link>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthFrame>
  );
};
