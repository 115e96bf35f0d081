import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignupTestMessageRequest, signupTexts } from '@pc/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fetchSignupSession, retryQuery, sendSignupTestMessage } from './api';
import { signupKeys } from './keys';
import { PhoneFields } from './PhoneFields';
import { reportFailure } from './report';
import type { ShowAlert } from './SignupAlert';
import { StepHeading } from './StepHeading';
import { pageTexts } from './texts';

type Phone = z.output<typeof SignupTestMessageRequest>;

type Props = {
  token: string;
  phone: { dialCode: string; mobile: string };
  /** What the page knows before the server's answer: the project is named after the company. */
  known: { projectName: string; live: boolean };
  show: ShowAlert;
  focusHeading: boolean;
  onExpired: () => void;
};

/** Step 3: the project and whether its number is live, then a test message from it. */
export const StepThreeDone = ({ token, phone, known, show, focusHeading, onExpired }: Props) => {
  // Fresh on arrival: the number may have gone live since step 1.
  const session = useQuery({
    queryKey: signupKeys.session(token),
    queryFn: () => fetchSignupSession(token),
    refetchOnMount: 'always',
    retry: retryQuery,
  });
  const projectName = session.data?.projectName ?? known.projectName;
  const live = session.data?.live ?? known.live;
  const { register, handleSubmit, formState } = useForm<z.input<typeof SignupTestMessageRequest>, unknown, Phone>({
    resolver: zodResolver(SignupTestMessageRequest),
    defaultValues: phone,
    mode: 'onTouched',
  });
  const test = useMutation({
    mutationFn: (to: Phone) => sendSignupTestMessage(token, to),
    onSuccess: (answer) => show({ severity: 'success', text: answer.message || signupTexts.testMessageSent }),
    onError: (error) => reportFailure(error, show, onExpired),
  });
  const send = handleSubmit((to) => test.mutate(to));

  return (
    <Stack spacing={2.5}>
      <Box sx={{ textAlign: 'center' }}>
        <CheckCircleRoundedIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
        <StepHeading focus={focusHeading} variant="h6">
          {signupTexts.setupComplete}
        </StepHeading>
        {projectName && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {pageTexts.project}: <strong>{projectName}</strong>
          </Typography>
        )}
      </Box>
      <Alert severity={live ? 'success' : 'info'}>{live ? signupTexts.live : signupTexts.inProgress}</Alert>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => void send(event)}
        aria-label={signupTexts.sendTestMessage}
      >
        <Typography variant="body2" color="text.secondary">
          {pageTexts.testHelp}
        </Typography>
        <PhoneFields
          mobileLabel={signupTexts.testMobile}
          dialCode={{ ...register('dialCode'), error: formState.errors.dialCode?.message }}
          mobile={{ ...register('mobile'), error: formState.errors.mobile?.message }}
        />
        <Button type="submit" variant="contained" size="large" loading={test.isPending}>
          {signupTexts.sendTestMessage}
        </Button>
      </Stack>
    </Stack>
  );
};
