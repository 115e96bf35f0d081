import { Button, Stack } from '@mui/material';
import { messages } from '@pc/contract';
import { useState, type FormEvent } from 'react';
import { early } from '../../api/early';
import { errorText, isApiError, isNetworkError } from '../../api/errors';
import { PasswordField } from '../../ui/PasswordField';
import { TextInput } from '../../ui/TextInput';
import { useNotify } from '../../ui/useNotify';
import { login } from './api';
import { authTexts } from './texts';

type Props = { onSignedIn: (token: string) => void };

const signInFailureText = (error: unknown) => {
  if (isNetworkError(error) || !isApiError(error)) return messages.connectionFailure;
  return errorText(error, error.status >= 500 ? messages.connectionFailure : messages.invalidLogin);
};

/**
 * Two fields checked with the contract's LoginRequest on submit. Plain state rather than
 * react-hook-form: the sign-in page is the one every visit loads first, and the form library would
 * take a share of its 200 KB budget (docs/benchmarks.md).
 */
export const LoginForm = ({ onSignedIn }: Props) => {
  const notify = useNotify();
  const [values, setValues] = useState({ userName: '', password: '' });
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (await early('LoginRequest')()).safeParse(values);
    if (!parsed.success) {
      notify.error(messages.fieldsCantBeEmpty);
      return;
    }
    setSubmitting(true);
    try {
      const { token } = await login(parsed.data);
      onSignedIn(token);
    } catch (error) {
      notify.error(signInFailureText(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label="Sign In">
      <TextInput
        label={authTexts.userNameLabel}
        autoComplete="username"
        autoFocus
        name="userName"
        value={values.userName}
        onChange={(e) => setValues((v) => ({ ...v, userName: e.target.value }))}
      />
      <PasswordField
        label={authTexts.passwordLabel}
        autoComplete="current-password"
        name="password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
      />
      <Button type="submit" variant="contained" size="large" loading={submitting}>
        Continue
      </Button>
    </Stack>
  );
};
