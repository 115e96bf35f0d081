import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  AlertTitle,
  Box,
  Button,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  customMessages,
  troubleshootingStepTitles,
  type OnboardingState,
  type TroubleshootingStepId,
} from '@pc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActionProps } from '../ActionSlot';
import { projectKeys } from '../keys';
import { texts } from '../texts';
import { LinkButton, SyncButton } from '../tabs/SetupButtons';
import { fetchOnboarding } from './api';
import { HealthStep } from './HealthStep';
import { OnboardingDoctor } from './OnboardingDoctor';
import { OtpStep } from './OtpStep';
import { RegisterStep } from './RegisterStep';
import { SandboxPhonePanel } from './SandboxPhonePanel';
import { troubleshootingTexts as t } from './texts';

const StepBody = ({ id, state, props }: { id: TroubleshootingStepId; state: OnboardingState; props: ActionProps }) => {
  const partnerId = props.project.partnerId;
  switch (id) {
    case 'register_pin':
      return <RegisterStep partnerId={partnerId} state={state} />;
    case 'otp_verification':
      return <OtpStep partnerId={partnerId} state={state} />;
    case 'health_check':
      return <HealthStep partnerId={partnerId} state={state} />;
    case 'sync_progress':
      return <SyncButton {...props} />;
    case 'embedded_signup':
      return <LinkButton kind="waba" label={texts.wabaLink} props={props} />;
    case 'migrate_partner_project':
      return <LinkButton kind="migration" label={texts.migrationLink} props={props} />;
    case 'custom_msg': {
      const custom = state.custom ? customMessages[state.custom] : null;
      return (
        custom && (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Alert severity="warning">
              <AlertTitle>{custom.title}</AlertTitle>
              {custom.text}
            </Alert>
            {state.sandbox && state.custom === 'disable2fa' && (
              <SandboxPhonePanel partnerId={partnerId} projectId={state.projectId} twoStep />
            )}
          </Box>
        )
      );
    }
  }
};

/**
 * The troubleshooting stepper (doc 2 sections 2.6, 4 and 8), shown with write access when steps
 * apply: an accordion of vertical steps chosen by the project's progress and Meta's last error,
 * each calling its endpoint, with Back and Next (Finish on the last), above the onboarding doctor.
 * Its steps are the ones it opened with until Finish, so a call's new error does not move the
 * user's place; Finish reads them again.
 */
export const TroubleshootingSection = (props: ActionProps) => {
  const { project } = props;
  const client = useQueryClient();
  const state = useQuery({
    queryKey: projectKeys.onboarding(project._id),
    queryFn: () => fetchOnboarding(project.partnerId, project._id),
  });
  const [steps, setSteps] = useState<TroubleshootingStepId[] | null>(null);
  const [active, setActive] = useState(0);
  const data = state.data;
  if (!data) return null;
  const shown = steps ?? data.steps;
  if (shown.length === 0 && !data.error) return null;
  const finish = async () => {
    setSteps(null);
    setActive(0);
    await client.invalidateQueries({ queryKey: projectKeys.onboarding(project._id) });
  };
  return (
    <Accordion
      variant="outlined"
      disableGutters
      sx={{ gridColumn: '1 / -1', borderRadius: 1, '&::before': { display: 'none' } }}
      onChange={(_, open) => open && setSteps(data.steps)}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="troubleshooting" id="troubleshooting-summary">
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.summary(shown.length)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id="troubleshooting" sx={{ display: 'grid', gap: 2 }}>
        <OnboardingDoctor state={data} />
        {shown.length > 0 && (
          <Stepper activeStep={active} orientation="vertical" data-testid="troubleshooting-steps">
            {shown.map((id, i) => (
              <Step key={id} data-step={id}>
                <StepLabel>{troubleshootingStepTitles[id]}</StepLabel>
                <StepContent>
                  <StepBody id={id} state={data} props={props} />
                  <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                    <Button disabled={i === 0} onClick={() => setActive(i - 1)}>
                      {t.back}
                    </Button>
                    <Button
                      variant="contained"
                      onClick={() => (i === shown.length - 1 ? void finish() : setActive(i + 1))}
                    >
                      {i === shown.length - 1 ? t.finish : t.next}
                    </Button>
                  </Box>
                </StepContent>
              </Step>
            ))}
          </Stepper>
        )}
      </AccordionDetails>
    </Accordion>
  );
};
