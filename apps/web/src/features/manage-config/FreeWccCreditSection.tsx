import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { configTexts, formatMoney, hasPermission, MONEY_SCALE, toUnits, type Partner } from '@pc/contract';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { manageConfigTexts as t } from './texts';
import { useUpdateConfig } from './useUpdateConfig';

const unitsOf = (typed: string): number | null => {
  try {
    return toUnits(typed);
  } catch {
    return null;
  }
};

/**
 * Free WCC credit (doc 3 section 2): the WCC credit a new customer's project starts with, moved from
 * the central balance (in the partner's currency, stored ×100000). Read-only without manage write.
 * A failed save says what the spec says for the trial amount, the same kind of field.
 */
export const FreeWccCreditSection = ({ partner }: { partner: Partner }) => {
  const { viewer } = useSession();
  const canWrite = hasPermission(viewer, 'manage.write');
  const amount = useUpdateConfig(configTexts.trialAmountFailed);
  const [typed, setTyped] = useState(String(partner.freeWccCredit / MONEY_SCALE));
  const units = unitsOf(typed);
  const unchanged = units === partner.freeWccCredit;
  const invalid = units === null || units < 0;

  return (
    <Box component="section" aria-label={t.freeWccCreditSection}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t.freeWccCreditSection}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {configTexts.freeWccCreditHelp}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' }, maxWidth: 480 }}
      >
        <TextField
          label={`${t.freeWccCredit} (${partner.currency})`}
          type="number"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { min: 0, step: '0.01', readOnly: !canWrite } }}
          error={typed !== '' && invalid}
          helperText={
            units !== null && units > 0 ? t.freeWccCreditNow(formatMoney(units, partner.currency)) : t.freeWccCreditNone
          }
        />
        <Permitted permission="manage.write">
          <Button
            variant="contained"
            disabled={unchanged || invalid}
            loading={amount.saving}
            onClick={() => units !== null && void amount.save({ freeWccCredit: units }).catch(() => undefined)}
            sx={{ flexShrink: 0 }}
          >
            {t.update}
          </Button>
        </Permitted>
      </Stack>
    </Box>
  );
};
