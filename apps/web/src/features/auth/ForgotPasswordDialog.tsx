import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, SendPasswordResetEmailRequest } from '@pc/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { sendPasswordResetEmail } from './api';
import { authTexts } from './texts';

type Values = z.input<typeof SendPasswordResetEmailRequest>;
type Props = { open: boolean; onClose: () => void };

export const ForgotPasswordDialog = ({ open, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(SendPasswordResetEmailRequest),
    defaultValues: { email: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit(async ({ email }) => {
    try {
      const { message } = await sendPasswordResetEmail(email);
      notify.success(message || messages.resetMailSent);
      close();
    } catch (error) {
      notify.error(errorText(error, authTexts.resetFailedFallback));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{authTexts.forgotTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{authTexts.forgotHelp}</DialogContentText>
          <TextField
            label={authTexts.emailLabel}
            type="email"
            autoComplete="email"
            autoFocus
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
            {...register('email')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {authTexts.sendLink}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
