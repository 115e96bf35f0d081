import { Box, Button, FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { onboardingMessages, type CodeMethod, type OnboardingState } from '@pc/contract';
import { useState } from 'react';
import { SandboxPhonePanel } from './SandboxPhonePanel';
import { triggerCode, verifyCode } from './api';
import { troubleshootingTexts as t } from './texts';
import { useStepCall } from './useStepCall';

/** otp_verification: a code by SMS or voice call ('OTP sent!'), then the 6 digits ('Success' or 'Could not verify'). */
export const OtpStep = ({ partnerId, state }: { partnerId: string; state: OnboardingState }) => {
  const [mode, setMode] = useState<CodeMethod>('SMS');
  const [code, setCode] = useState('');
  const send = useStepCall(state.projectId, () => triggerCode(state.projectId, mode), {
    fallback: onboardingMessages.otpFailed,
  });
  const verify = useStepCall(state.projectId, () => verifyCode(partnerId, state.projectId, code), {
    fallback: onboardingMessages.couldNotVerify,
  });
  const wellFormed = /^\d{6}$/.test(code);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as CodeMethod)} aria-label="Code by">
          <FormControlLabel value="SMS" control={<Radio size="small" />} label={t.sms} />
          <FormControlLabel value="VOICE" control={<Radio size="small" />} label={t.voice} />
        </RadioGroup>
        <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate(undefined)}>
          {t.sendCode}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <TextField
          size="small"
          label={t.code}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
          error={code.length > 0 && !wellFormed}
          helperText={code.length > 0 && !wellFormed ? onboardingMessages.verifyCodeFormat : ' '}
        />
        <Button variant="contained" disabled={!wellFormed || verify.isPending} onClick={() => verify.mutate(undefined)}>
          {t.verify}
        </Button>
      </Box>
      {state.sandbox && <SandboxPhonePanel partnerId={partnerId} projectId={state.projectId} />}
    </Box>
  );
};
