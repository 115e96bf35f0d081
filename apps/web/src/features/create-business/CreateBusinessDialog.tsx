import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { businessTexts, type Business } from '@pc/contract';
import { useId, useState } from 'react';
import { errorText } from '../../api/errors';
import { useSession } from '../../app/session/session';
import { useNotify } from '../../ui/useNotify';
import { createBusinessOnly } from './api';
import { BusinessDetailsFields } from './BusinessDetailsFields';
import { detailsComplete, detailsPayload, emptyDetails, type DetailsValues } from './form';
import { createBusinessTexts as t } from './texts';
import { useInvalidateLists } from './useInvalidateLists';

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
  const titleId = useId();
  const { partner } = useSession();
  const notify = useNotify();
  const invalidate = useInvalidateLists();
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState(() => emptyDetails(partner));
  const [busy, setBusy] = useState(false);
  const isDirect = partner?.type === 'DIRECT';

  const close = () => {
    setStep(0);
    setDetails(emptyDetails(partner));
    onClose();
  };
  const create = async () => {
    setBusy(true);
    try {
      const result = await createBusinessOnly(partner?.id ?? ':partnerId', detailsPayload(details, isDirect));
      notify.success(businessTexts.created);
      await invalidate();
      close();
      onCreated(result.business);
    } catch (error) {
      notify.error(errorText(error, businessTexts.tryAgain));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
          {t.dialogSteps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 ? (
          <BusinessDetailsFields values={details} onChange={setDetails} partner={partner} variant="dialog" />
        ) : (
          <Box>
            <Typography sx={{ mb: 2 }}>{t.reviewIntro}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t.cancel}
        </Button>
        <Button onClick={() => setStep(0)} disabled={step === 0 || busy}>
          {t.prev}
        </Button>
        {step === 0 ? (
          <Button variant="contained" onClick={() => setStep(1)} disabled={!detailsComplete(details, partner, 'dialog')}>
            {t.next}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void create()} loading={busy}>
            {t.create}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
