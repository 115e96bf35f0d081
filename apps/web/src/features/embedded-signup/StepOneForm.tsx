import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignupForm, signupScopes, signupTexts, type SignupPageResponse } from '@pc/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { TextInput } from '../../ui/TextInput';
import { errorText, isCallError, startSignup, submitFacebookAccessToken } from './api';
import { facebookLogin, type FacebookLoginResult, type LoginAsk } from '../../lib/facebook-login';
import { PhoneFields } from './PhoneFields';
import type { ShowAlert } from './SignupAlert';
import { StepHeading } from './StepHeading';
import { saveSignup, signupIdOf } from './storage';
import { pageTexts } from './texts';

/** The form as typed: the terms box starts unticked (the schema only accepts it ticked). */
type Values = Omit<z.input<typeof SignupForm>, 'termsAccepted'> & { termsAccepted: boolean };
type Parsed = z.output<typeof SignupForm>;
const fieldNames = ['name', 'email', 'dialCode', 'mobile', 'companyName', 'termsAccepted'] as const;
/** The sign-up's Facebook login: WhatsApp's embedded sign-up, its three permissions. */
const signupLogin: LoginAsk = { scopes: signupScopes, embeddedSignup: true };

export type Connected = { token: string; dialCode: string; mobile: string; companyName: string; live: boolean };

type Props = {
  partnerId: string;
  page: SignupPageResponse;
  show: ShowAlert;
  focusHeading: boolean;
  onConnected: (connected: Connected) => void;
};

/**
 * Step 1: who the client is, then Connect to Facebook. The login opens in the click itself (a
 * popup blocker allows only that), so the form is checked synchronously with the contract's schema
 * first; then the sign-up is created (the same signupId on every try, so never twice) and the
 * login's token handed to the server.
 */
export const StepOneForm = ({ partnerId, page, show, focusHeading, onConnected }: Props) => {
  const { control, register, getValues, trigger, setError, formState } = useForm<Values>({
    resolver: zodResolver(SignupForm) as unknown as Resolver<Values>,
    defaultValues: { name: '', email: '', dialCode: '91', mobile: '', companyName: '', termsAccepted: false },
    mode: 'onTouched',
  });
  const termsAccepted = useWatch({ control, name: 'termsAccepted' });
  const { errors } = formState;
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const showFieldErrors = (error: unknown) => {
    if (!isCallError(error)) return;
    if (error.status === 409) setError('email', { message: errorText(error, signupTexts.emailTaken) });
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      const name = fieldNames.find((n) => n === field);
      if (name) setError(name, { message });
    }
  };

  const connect = async (login: Promise<FacebookLoginResult>, values: Parsed) => {
    const result = await login;
    if (result.status === 'cancelled') {
      const detail = result.error
        ? pageTexts.reportedError(result.error.message, result.error.code, result.error.sessionId)
        : result.step
          ? pageTexts.cancelledAt(result.step)
          : pageTexts.cancelled;
      show({ severity: 'error', text: signupTexts.connectionFailed, detail });
      return;
    }
    if (result.status !== 'connected' && result.status !== 'signed_up') {
      show({ severity: 'error', text: signupTexts.connectionFailed });
      return;
    }
    const signupId = signupIdOf(partnerId);
    let started;
    try {
      started = await startSignup(partnerId, { ...values, signupId });
    } catch (error) {
      showFieldErrors(error);
      show({ severity: 'error', text: errorText(error, signupTexts.somethingWrong) });
      return;
    }
    saveSignup(partnerId, { signupId, signupToken: started.signupToken, assistantId: started.assistantId });
    try {
      const { success } = await submitFacebookAccessToken(
        started.signupToken,
        result.status === 'signed_up'
          ? { assistantId: started.assistantId, code: result.code, session: result.session }
          : { assistantId: started.assistantId, accessToken: result.accessToken },
      );
      show(
        success ? { severity: 'success', text: signupTexts.live } : { severity: 'info', text: signupTexts.inProgress },
      );
      onConnected({
        token: started.signupToken,
        dialCode: values.dialCode,
        mobile: values.mobile,
        companyName: values.companyName,
        live: success,
      });
    } catch (error) {
      // A permission not granted or no WhatsApp account shared: the server says which.
      const notConnected = isCallError(error) && error.status === 400 && error.code === 'FACEBOOK_NOT_CONNECTED';
      show(
        notConnected
          ? {
              severity: 'error',
              text: signupTexts.connectionFailed,
              detail: error.fromServer ? error.message : undefined,
            }
          : { severity: 'error', text: signupTexts.somethingWrong },
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    const parsed = SignupForm.safeParse(getValues());
    if (!parsed.success) {
      void trigger(undefined, { shouldFocus: true });
      return;
    }
    running.current = true;
    setBusy(true);
    // Synchronously, still inside the click.
    const login = facebookLogin(page.facebook, signupLogin);
    void connect(login, parsed.data).finally(() => {
      running.current = false;
      setBusy(false);
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={signupTexts.stepOf(1)}>
      <Box>
        <StepHeading focus={focusHeading}>{signupTexts.stepOf(1)}</StepHeading>
        <Typography variant="body2" color="text.secondary">
          {pageTexts.stepOneHelp}
        </Typography>
      </Box>
      <TextInput
        label={signupTexts.fullName}
        autoComplete="name"
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        {...register('name')}
      />
      <TextInput
        label={signupTexts.email}
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...register('email')}
      />
      <PhoneFields
        mobileLabel={signupTexts.personalMobile}
        dialCode={{ ...register('dialCode'), error: errors.dialCode?.message }}
        mobile={{ ...register('mobile'), error: errors.mobile?.message }}
      />
      <TextInput
        label={signupTexts.companyName}
        autoComplete="organization"
        error={Boolean(errors.companyName)}
        helperText={errors.companyName?.message}
        {...register('companyName')}
      />
      <Box>
        <Controller
          control={control}
          name="termsAccepted"
          render={({ field }) => (
            <FormControlLabel
              sx={{ alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                  name={field.name}
                  sx={{ mt: -1 }}
                />
              }
              label={<Typography variant="body2">{signupTexts.terms}</Typography>}
            />
          )}
        />
        {errors.termsAccepted && (
          <FormHelperText error sx={{ mx: 1.75 }}>
            {errors.termsAccepted.message}
          </FormHelperText>
        )}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<FacebookIcon />}
        disabled={!termsAccepted}
        loading={busy}
        loadingPosition="start"
      >
        {signupTexts.connectToFacebook}
      </Button>
    </Stack>
  );
};
