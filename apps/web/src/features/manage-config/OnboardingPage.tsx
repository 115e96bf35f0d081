import { Button, FormControlLabel, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import {
  configTexts,
  hasPermission,
  onboardingMethodLabels,
  onboardingMethods,
  type OnboardingMethod,
} from '@pc/contract';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { useNotify } from '../../ui/useNotify';
import { BillingDetailsSection } from './BillingDetailsSection';
import { PaymentGatewaySection } from './PaymentGatewaySection';
import { manageConfigTexts as t } from './texts';
import { useUpdateConfig } from './useUpdateConfig';

/** /manage/onboarding (doc 3 section 2): one onboarding method for new customers; read-only without Manage Edit. */
export const OnboardingPage = () => {
  const { partner, viewer } = useSession();
  const canWrite = hasPermission(viewer, 'manage.write');
  const notify = useNotify();
  const { save, saving } = useUpdateConfig(configTexts.onboardingFailed);
  const saved = (partner?.onboardingMethod ?? null) as OnboardingMethod | null;
  const [chosen, setChosen] = useState<OnboardingMethod | null>(saved);

  const submit = () => {
    if (!chosen) return notify.error(configTexts.selectMethod);
    void save({ onboardingMethod: chosen }).catch(() => setChosen(saved));
  };

  return (
    <>
      <PageHeader title={t.onboardingTitle} />
      <Stack spacing={3}>
        <Paper sx={{ p: 3 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }} id="onboarding-help">
            {t.onboardingHelp}
          </Typography>
          <RadioGroup
            aria-labelledby="onboarding-help"
            value={chosen ?? ''}
            onChange={(e) => setChosen(e.target.value as OnboardingMethod)}
          >
            {onboardingMethods.map((method) => (
              <FormControlLabel
                key={method}
                value={method}
                control={<Radio />}
                disabled={!canWrite}
                label={onboardingMethodLabels[method]}
              />
            ))}
          </RadioGroup>
          <Stack direction="row" sx={{ mt: 2 }}>
            <Permitted permission="manage.write">
              <Button
                variant="contained"
                loading={saving}
                disabled={chosen === saved && chosen !== null}
                onClick={submit}
              >
                {t.submit}
              </Button>
            </Permitted>
          </Stack>
        </Paper>
        {partner && <BillingDetailsSection partner={partner} />}
        {partner && <PaymentGatewaySection partner={partner} />}
      </Stack>
    </>
  );
};
