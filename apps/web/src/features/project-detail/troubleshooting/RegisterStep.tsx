import { Box, Button } from '@mui/material';
import { onboardingMessages, type OnboardingState } from '@pc/contract';
import { useState } from 'react';
import { isApiError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { registerWithPin } from './api';
import { troubleshootingTexts as t } from './texts';
import { useStepCall } from './useStepCall';

/**
 * register_pin: registers the number with the project's two-step PIN (kept by the server). The last
 * attempt of the 72-hour window is asked for first, here and by the server (409).
 */
export const RegisterStep = ({ partnerId, state }: { partnerId: string; state: OnboardingState }) => {
  const [asking, setAsking] = useState(false);
  const register = useStepCall(
    state.projectId,
    (confirmLastAttempt: boolean) => registerWithPin(partnerId, { assistantId: state.projectId, confirmLastAttempt }),
    {
      fallback: onboardingMessages.registerFailed,
      onError: (error) => {
        if (!isApiError(error) || error.code !== 'CONFIRM_LAST_ATTEMPT') return false;
        setAsking(true);
        return true;
      },
    },
  );
  const none = state.attempts.left === 0 || state.reregisterAt !== null;
  return (
    <Box>
      <Button
        variant="contained"
        disabled={register.isPending || none}
        onClick={() => (state.attempts.left === 1 ? setAsking(true) : register.mutate(false))}
      >
        {t.register}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t.confirmLastTitle}
        text={onboardingMessages.lastAttempt}
        confirmLabel={t.useLast}
        busy={register.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => register.mutate(true, { onSettled: () => setAsking(false) })}
      />
    </Box>
  );
};
