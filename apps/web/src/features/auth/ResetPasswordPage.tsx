import { Alert, Button, Link, Stack } from '@mui/material';
import { messages, NEW_PASSWORD_MIN } from '@pc/contract';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import { PasswordField } from '../../ui/PasswordField';
import { useNotify } from '../../ui/useNotify';
import { setNewPassword } from './api';
import { AuthFrame } from './AuthFrame';
import { authTexts } from './texts';

const validate = (password: string, confirm: string): string | null => {
  if (!password || !confirm) return authTexts.enterPassword;
  if (password !== confirm) return authTexts.passwordsDoNotMatch;
  if (password.length < NEW_PASSWORD_MIN) return messages.newPasswordTooShort;
  return null;
};

/** The public page the password-reset mail links to (/reset-password?token=...). */
export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(password, confirm);
    setProblem(invalid);
    if (invalid || !token) return;
    setBusy(true);
    try {
      const { message } = await setNewPassword(token, password);
      setDone(message || messages.passwordSetViaLink);
    } catch (error) {
      notify.error(errorText(error, messages.resetLinkInvalid));
    } finally {
      setBusy(false);
    }
  };

  const backLink = (
    <Link component={RouterLink} to="/login" variant="body2">
      {authTexts.backToSignIn}
    </Link>
  );

  if (!token || done)
    return (
      <AuthFrame heading={authTexts.setPasswordTitle}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Alert severity={done ? 'success' : 'error'} sx={{ width: '100%' }}>
            {done ?? messages.resetLinkInvalid}
          </Alert>
          {backLink}
        </Stack>
      </AuthFrame>
    );

  return (
    <AuthFrame heading={authTexts.setPasswordTitle}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={authTexts.setPasswordTitle}
      >
        <PasswordField
          label={authTexts.newPasswordLabel}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={authTexts.confirmPasswordLabel}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {authTexts.savePassword}
        </Button>
        <Stack sx={{ alignItems: 'center' }}>{backLink}</Stack>
      </Stack>
    </AuthFrame>
  );
};
