import { Paper, Stack } from '@mui/material';
import { useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultPlansSection } from './DefaultPlansSection';
import { FreeWccCreditSection } from './FreeWccCreditSection';
import { SignUpTrialSection } from './SignUpTrialSection';
import { manageConfigTexts as t } from './texts';

/** /manage/config (doc 3 section 2): defaults for new customers, sign-up and trial, Free WCC credit. */
export const ConfigurePlanFamilyPage = () => {
  const { partner } = useSession();
  if (!partner) return null;
  return (
    <>
      <PageHeader title={t.configTitle} />
      <Stack spacing={3}>
        <Paper sx={{ p: 3 }}>
          <DefaultPlansSection partner={partner} />
        </Paper>
        <Paper sx={{ p: 3 }}>
          {/* Keyed by the saved amount, so the field shows the server's value after each save. */}
          <SignUpTrialSection key={partner.trialAmount} partner={partner} />
        </Paper>
        <Paper sx={{ p: 3 }}>
          <FreeWccCreditSection key={partner.freeWccCredit} partner={partner} />
        </Paper>
      </Stack>
    </>
  );
};
