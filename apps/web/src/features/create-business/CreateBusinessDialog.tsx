import { Box, Typography } from '@mui/material';
import { businessTexts, type Business } from '@pc/contract';
import { useState } from 'react';
import { useSession } from '../../session/session';
import { StepperDialog } from '../../ui/StepperDialog';
import { createBusinessOnly } from './api';
import { BusinessDetailsFields } from './BusinessDetailsFields';
import { detailsComplete, detailsPayload, emptyDetails, type DetailsValues } from './form';
import { createBusinessTexts as t } from './texts';
import { useCreate } from './useCreate';

type Props = { open: boolean; onClose: () => void; onCreated: (business: Business) => void };

const summary = (v: DetailsValues): [string, string][] => [
  [t.displayName, v.display_name],
  [t.email, v.email],
  [t.company, v.company],
  [t.contact, `${v.dialCode} ${v.contact}`],
  [t.industry, v.industry],
  [t.companySize, v.companySize],
  [t.timezone, v.timezone],
  [t.currency, v.currency],
];

/**
 * The projects list's "Create Your Business Here": details, then Create; on success it closes and
 * hands the new business to the caller, which opens create-project for it.
 */
export const CreateBusinessDialog = ({ open, onClose, onCreated }: Props) => {
  const { partner } = useSession();
  const { busy, run } = useCreate(businessTexts.created);
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState(() => emptyDetails(partner));
  const isDirect = partner?.type === 'DIRECT';

  const close = () => {
    setStep(0);
    setDetails(emptyDetails(partner));
    onClose();
  };
  const create = () =>
    run(
      () => createBusinessOnly(partner?.id ?? ':partnerId', detailsPayload(details, isDirect)),
      (result) => {
        close();
        onCreated(result.business);
      },
    );

  return (
    <StepperDialog
      open={open}
      title={t.dialogTitle}
      steps={{
        labels: t.dialogSteps,
        active: step,
        onChange: setStep,
        canNext: detailsComplete(details, partner, 'dialog'),
      }}
      submitLabel={t.create}
      busy={busy}
      onSubmit={() => void create()}
      onClose={close}
    >
      {step === 0 ? (
        <BusinessDetailsFields values={details} onChange={setDetails} partner={partner} variant="dialog" />
      ) : (
        <Box>
          <Typography sx={{ mb: 2 }}>{t.reviewIntro}</Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}
          >
            {summary(details).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value || '-'}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </StepperDialog>
  );
};
