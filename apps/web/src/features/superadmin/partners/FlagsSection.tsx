import { Box, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { messages, partnerFlagNames, type PartnerAccount, type PartnerFlagName } from '@pc/contract';
import { errorText } from '../../../api/errors';
import { TitledSection } from '../../../ui/TitledSection';
import { flagLabels } from '../flagLabels';
import { useAdminNotify } from '../useAdminNotify';
import { useSetFlag } from '../useSetFlag';
import { accountTexts as t } from './texts';

/** The partner's feature flags (what the spec hard-coded as partner ids), each switched on its own. */
export const FlagsSection = ({ partner }: { partner: PartnerAccount }) => {
  const notify = useAdminNotify();
  const setFlag = useSetFlag();
  const toggle = async (flag: PartnerFlagName, on: boolean) => {
    try {
      notify.success((await setFlag.mutateAsync({ partnerId: partner.id, flag, on })).message);
    } catch (error) {
      notify.error(errorText(error, messages.unhandled));
    }
  };
  return (
    <TitledSection title={t.flags}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.flagsHint}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {partnerFlagNames.map((flag) => (
            <FormControlLabel
              key={flag}
              label={flagLabels[flag]}
              control={
                <Switch
                  size="small"
                  checked={partner.flags[flag] === true}
                  onChange={(event) => void toggle(flag, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `${flagLabels[flag]} for ${partner.name}` } }}
                />
              }
            />
          ))}
        </Box>
      </Paper>
    </TitledSection>
  );
};
