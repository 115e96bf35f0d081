import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { metaAdsTexts as m } from '@pc/contract';
import { useId, useState } from 'react';
import { useNotify } from '../../../ui/useNotify';
import { adTexts as t } from './texts';

type Props = {
  number: string;
  verifying: boolean;
  resending: boolean;
  onVerify: (code: string) => void;
  onResend: () => void;
  onClose: () => void;
};

/** The OTP dialog of Link WhatsApp Number: the 4-digit code Meta sent ('Enter OTP !!' without one). */
export const OtpDialog = ({ number, verifying, resending, onVerify, onResend, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const wellFormed = /^\d{4}$/.test(code);
  const verify = () => {
    setTouched(true);
    if (!code) return notify.error(m.enterOtp);
    if (wellFormed) onVerify(code);
  };
  const busy = verifying || resending;
  const showFormat = touched && code !== '' && !wellFormed;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t.otpTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {t.otpHelp(number)}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t.otp}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
          onKeyDown={(e) => e.key === 'Enter' && verify()}
          error={showFormat}
          helperText={showFormat ? m.otpFormat : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 4 } }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onResend} disabled={busy} loading={resending} sx={{ mr: 'auto' }}>
          {t.resend}
        </Button>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={verify} loading={verifying} disabled={resending}>
          {t.verify}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
