import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { configTexts, hasPermission, toUnits, type Partner } from '@pc/contract';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { SettingSwitch } from './SettingSwitch';
import { manageConfigTexts as t } from './texts';
import { useUpdateConfig } from './useUpdateConfig';

const unitsOf = (typed: string): number | null => {
  try {
    return toUnits(typed);
  } catch {
    return null;
  }
};

/** The sign-up and trial switches, and the trial amount (in the partner's currency, stored ×100000). */
export const SignUpTrialSection = ({ partner }: { partner: Partner }) => {
  const { viewer } = useSession();
  const canWrite = hasPermission(viewer, 'manage.write');
  const toggles = useUpdateConfig(configTexts.operationFailed);
  const amount = useUpdateConfig(configTexts.trialAmountFailed);
  const [typed, setTyped] = useState(String(partner.trialAmount / 100000));
  const units = unitsOf(typed);
  const unchanged = units === partner.trialAmount;
  const invalid = units === null || units < 0;
  const pending = toggles.saving ? toggles.pending : undefined;

  return (
    <Box component="section" aria-label={t.signUpTrialSection}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t.signUpTrialSection}
      </Typography>
      <Stack spacing={1.5}>
        <SettingSwitch
          label={t.signUp}
          help={t.signUpHelp}
          checked={partner.enableSignUp}
          pending={pending?.signUpEnabled !== undefined}
          disabled={!canWrite}
          onChange={(on) => void toggles.save({ signUpEnabled: on }).catch(() => undefined)}
        />
        <SettingSwitch
          label={t.trial}
          help={configTexts.trialText}
          checked={partner.enableTrial}
          pending={pending?.trialEnabled !== undefined}
          disabled={!canWrite}
          onChange={(on) => void toggles.save({ trialEnabled: on }).catch(() => undefined)}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' }, maxWidth: 480 }}
        >
          <TextField
            label={`${t.trialAmount} (${partner.currency})`}
            type="number"
            value={typed}
            disabled={!canWrite}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            error={typed !== '' && invalid}
          />
          <Permitted permission="manage.write">
            <Button
              variant="contained"
              disabled={unchanged || invalid}
              loading={amount.saving}
              onClick={() => units !== null && void amount.save({ trialAmount: units }).catch(() => undefined)}
              sx={{ flexShrink: 0 }}
            >
              {t.update}
            </Button>
          </Permitted>
        </Stack>
      </Stack>
    </Box>
  );
};
