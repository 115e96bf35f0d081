import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { businessTexts, isBusinessPassword } from '@pc/contract';
import { useEffect, useId, useState } from 'react';
import { PasswordField } from '../../ui/PasswordField';
import { businessesPageTexts as t } from './texts';

type Props = {
  open: boolean;
  busy: boolean;
  onReset: (password: string, confirmPassword: string) => void;
  onClose: () => void;
};

/** DIRECT partners: Password, Confirm Password, Cancel, Reset, with the spec's messages. */
export const ResetPasswordDialog = ({ open, busy, onReset, onClose }: Props) => {
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setPassword('');
      setConfirm('');
      setError(null);
    }
  }, [open]);
  const submit = () => {
    if (!password || !confirm) return setError(businessTexts.enterPassword);
    if (password !== confirm) return setError(businessTexts.passwordsDontMatch);
    if (!isBusinessPassword(password)) return setError(businessTexts.passwordHint);
    setError(null);
    onReset(password, confirm);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t.resetPassword}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <PasswordField
            label={t.password}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText={businessTexts.passwordHint}
          />
          <PasswordField
            label={t.confirmPassword}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={busy}>
          {t.reset}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
