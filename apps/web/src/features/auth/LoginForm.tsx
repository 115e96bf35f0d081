import { Button, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest, messages } from '@pc/contract';
import { useForm } from 'react-hook-form';
import { errorText, isApiError, isNetworkError } from '../../api/errors';
import { PasswordField } from '../../ui/PasswordField';
import { useNotify } from '../../ui/useNotify';
import { login } from './api';
import { authTexts } from './texts';

type Props = { onSignedIn: (token: string) => void };

const signInFailureText = (error: unknown) => {
  if (isNetworkError(error) || !isApiError(error)) return messages.connectionFailure;
  return errorText(error, error.status >= 500 ? messages.connectionFailure : messages.invalidLogin);
};

export const LoginForm = ({ onSignedIn }: Props) => {
  const notify = useNotify();
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { userName: '', password: '' },
  });

  const submit = handleSubmit(
    async (values) => {
      try {
        const { token } = await login(values);
        onSignedIn(token);
      } catch (error) {
        notify.error(signInFailureText(error));
      }
    },
    () => notify.error(messages.fieldsCantBeEmpty),
  );

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label="Sign In">
      <TextField label={authTexts.userNameLabel} autoComplete="username" autoFocus {...register('userName')} />
      <PasswordField label={authTexts.passwordLabel} autoComplete="current-password" {...register('password')} />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        Continue
      </Button>
    </Stack>
  );
};
