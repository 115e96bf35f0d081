import { Box, Button, Stack, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignupOtpRequest, signupTexts, VerifySignupOtpRequest } from '@pc/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextInput } from '../../ui/TextInput';
import { sendSignupOtp, verifySignupOtp } from './api';
import { PhoneFields } from './PhoneFields';
import { reportFailure } from './report';
import { SandboxPhoneCard } from './SandboxPhoneCard';
import type { ShowAlert } from './SignupAlert';
import { StepHeading } from './StepHeading';
import { pageTexts } from './texts';
import { useSecondsLeft } from './useSecondsLeft';

type Phone = z.output<typeof SignupOtpRequest>;
type Sent = Phone & { id: number; resendAfterSeconds: number };

type Props = {
  token: string;
  sandbox: boolean;
  phone: { dialCode: string; mobile: string };
  show: ShowAlert;
  focusHeading: boolean;
  onExpired: () => void;
  onVerified: (phone: Phone) => void;
};

/** Step 2: the mobile number (step 1's personal mobile to start with), its OTP, Regenerate after a wait. */
export const StepTwoPhone = ({ token, sandbox, phone, show, focusHeading, onExpired, onVerified }: Props) => {
  const { register, handleSubmit, formState } = useForm<z.input<typeof SignupOtpRequest>, unknown, Phone>({
    resolver: zodResolver(SignupOtpRequest),
    defaultValues: phone,
    mode: 'onTouched',
  });
  const [sent, setSent] = useState<Sent | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (to: Phone) => sendSignupOtp(token, to),
    onSuccess: (answer, to) => {
      show({ severity: 'success', text: answer.message || signupTexts.otpSent });
      setSent((last) => ({ ...to, id: (last?.id ?? 0) + 1, resendAfterSeconds: answer.resendAfterSeconds }));
      setOtp('');
      setOtpError(null);
    },
    onError: (error) => reportFailure(error, show, onExpired),
  });
  const verify = useMutation({
    mutationFn: (code: string) => verifySignupOtp(token, code),
    onSuccess: (answer) => {
      show({ severity: 'success', text: answer.message || signupTexts.phoneVerified });
      if (sent) onVerified({ dialCode: sent.dialCode, mobile: sent.mobile });
    },
    onError: (error) => reportFailure(error, show, onExpired),
  });

  const sendOtp = handleSubmit((to) => send.mutate(to));
  const submitOtp = (event: FormEvent) => {
    event.preventDefault();
    const parsed = VerifySignupOtpRequest.safeParse({ otp });
    if (!parsed.success) {
      setOtpError(parsed.error.issues[0]?.message ?? signupTexts.otpFormat);
      return;
    }
    setOtpError(null);
    verify.mutate(parsed.data.otp);
  };

  return (
    <Stack spacing={2.5}>
      <Box>
        <StepHeading focus={focusHeading}>{signupTexts.stepOf(2)}</StepHeading>
        <Typography variant="body2" color="text.secondary">
          {pageTexts.stepTwoHelp}
        </Typography>
      </Box>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void sendOtp(event)}>
        <PhoneFields
          mobileLabel={signupTexts.mobile}
          dialCode={{ ...register('dialCode'), error: formState.errors.dialCode?.message }}
          mobile={{ ...register('mobile'), error: formState.errors.mobile?.message }}
        />
        {!sent && (
          <Button type="submit" variant="contained" size="large" loading={send.isPending}>
            {signupTexts.verifyPhone}
          </Button>
        )}
      </Stack>
      {sent && (
        <Stack component="form" noValidate spacing={2} onSubmit={submitOtp}>
          <Typography variant="body2">{pageTexts.otpSentTo(`${sent.dialCode}${sent.mobile}`)}</Typography>
          <TextInput
            label={signupTexts.otp}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 4))}
            autoComplete="one-time-code"
            error={Boolean(otpError)}
            helperText={otpError}
            inputProps={{ inputMode: 'numeric', maxLength: 4, pattern: '[0-9]*' }}
            sx={{ '& input': { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
              {pageTexts.verify}
            </Button>
            <RegenerateButton
              key={sent.id}
              seconds={sent.resendAfterSeconds}
              pending={send.isPending}
              // To the number in the fields: a corrected number gets its own OTP.
              onClick={() => void sendOtp()}
            />
          </Box>
        </Stack>
      )}
      {sandbox && sent && <SandboxPhoneCard token={token} dialCode={sent.dialCode} mobile={sent.mobile} />}
    </Stack>
  );
};

/** Regenerate, disabled with the seconds left until the server allows another OTP. */
const RegenerateButton = ({
  seconds,
  pending,
  onClick,
}: {
  seconds: number;
  pending: boolean;
  onClick: () => void;
}) => {
  const left = useSecondsLeft(seconds);
  return (
    <Button variant="outlined" size="large" disabled={left > 0} loading={pending} onClick={onClick}>
      {left > 0 ? pageTexts.regenerateIn(left) : signupTexts.regenerate}
    </Button>
  );
};
