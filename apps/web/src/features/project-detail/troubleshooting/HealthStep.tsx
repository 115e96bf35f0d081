import { Box, Button, Chip, Typography } from '@mui/material';
import { formatDateTime, onboardingMessages, type HealthView, type OnboardingState } from '@pc/contract';
import { healthCheck } from './api';
import { troubleshootingTexts as t } from './texts';
import { useStepCall } from './useStepCall';

const color = { AVAILABLE: 'success', LIMITED: 'warning', BLOCKED: 'error' } as const;

const HealthResult = ({ title, health }: { title: string; health: HealthView | null }) =>
  health && (
    <Box sx={{ mt: 1 }} data-testid={`health-${title}`}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}: <Chip size="small" color={color[health.canSendMessage]} label={health.canSendMessage} />{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {t.checked(formatDateTime(health.checkedAt))}
        </Typography>
      </Typography>
      {health.entities
        .filter((e) => e.errors.length > 0)
        .map((e) => (
          <Box key={`${e.type}-${e.id}`} component="ul" sx={{ my: 0.5, pl: 2.5 }}>
            {e.errors.map((x) => (
              <Typography component="li" variant="body2" key={x.code}>
                {e.type} {x.code}: {x.description}
                {x.solution ? ` ${x.solution}` : ''}
              </Typography>
            ))}
          </Box>
        ))}
    </Box>
  );

/** health_check: Meta's health of the account (by its app id) and of the number. */
export const HealthStep = ({ partnerId, state }: { partnerId: string; state: OnboardingState }) => {
  const check = useStepCall(
    state.projectId,
    (of: 'account' | 'number') => healthCheck(partnerId, state.projectId, of),
    {
      fallback: onboardingMessages.healthDegraded,
    },
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={check.isPending} onClick={() => check.mutate('account')}>
          {t.checkAccount}
        </Button>
        <Button variant="outlined" disabled={check.isPending} onClick={() => check.mutate('number')}>
          {t.checkNumber}
        </Button>
      </Box>
      <HealthResult title={t.account} health={state.health.account} />
      <HealthResult title={t.number} health={state.health.number} />
    </Box>
  );
};
