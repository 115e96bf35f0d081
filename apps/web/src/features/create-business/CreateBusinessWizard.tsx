import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Step, StepLabel, Stepper, TextField, Tooltip } from '@mui/material';
import { businessTexts, type Business } from '@pc/contract';
import { useId, useState } from 'react';
import { errorText } from '../../api/errors';
import { useSession } from '../../app/session/session';
import { useNotify } from '../../ui/useNotify';
import { AccountingFields } from './AccountingFields';
import { createBusinessWithProject } from './api';
import { BusinessDetailsFields } from './BusinessDetailsFields';
import { accountingPayload, addressComplete, detailsComplete, detailsPayload, emptyAccounting, emptyDetails, emptyPlans } from './form';
import { PlanFields, plansComplete } from './PlanFields';
import { createBusinessTexts as t } from './texts';
import { useInvalidateLists } from './useInvalidateLists';
import { usePlanCatalogue } from './usePlanCatalogue';

type Props = { open: boolean; onClose: () => void; onCreated?: (business: Business) => void };

/** The businesses page's wizard: details, then the first project (same name) on its plans (doc 1 section 2). */
export const CreateBusinessWizard = ({ open, onClose, onCreated }: Props) => {
  const titleId = useId();
  const { partner } = useSession();
  const notify = useNotify();
  const invalidate = useInvalidateLists();
  const catalogue = usePlanCatalogue();
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState(() => emptyDetails(partner));
  const [plans, setPlans] = useState(emptyPlans);
  const [accounting, setAccounting] = useState(emptyAccounting);
  const [busy, setBusy] = useState(false);
  const isDirect = partner?.type === 'DIRECT';
  const zoho = Boolean(partner?.isZohoEnabled);

  const close = () => {
    setStep(0);
    setDetails(emptyDetails(partner));
    setPlans(emptyPlans());
    setAccounting(emptyAccounting());
    onClose();
  };
  const canCreate = plansComplete(catalogue.needsPlans, plans) && (!zoho || (addressComplete(accounting.billingAddress) && addressComplete(accounting.shippingAddress)));

  const create = async () => {
    setBusy(true);
    try {
      const result = await createBusinessWithProject(partner?.id ?? ':partnerId', {
        ...detailsPayload(details, isDirect),
        ...(catalogue.needsPlans ? { newFamilyId: plans.familyId, newPlanId: plans.planName, wccPlan: plans.wccId || null, waPayPlan: plans.paymentPlanId || null } : {}),
        ...(zoho ? accountingPayload(accounting) : {}),
      });
      notify.success(businessTexts.created);
      await invalidate();
      close();
      onCreated?.(result.business);
    } catch (error) {
      notify.error(errorText(error, businessTexts.tryAgain));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t.wizardTitle}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
          {t.wizardSteps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 ? (
          <BusinessDetailsFields values={details} onChange={setDetails} partner={partner} variant="wizard" />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            <Tooltip title={businessTexts.firstProjectSameName}>
              <TextField label={t.projectName} required value={details.display_name} disabled sx={{ gridColumn: '1 / -1' }} />
            </Tooltip>
            {catalogue.needsPlans && <PlanFields catalogue={catalogue} value={plans} onChange={setPlans} />}
            {zoho && <AccountingFields value={accounting} onChange={setAccounting} />}
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
          <Button variant="contained" onClick={() => setStep(1)} disabled={!detailsComplete(details, partner, 'wizard')}>
            {t.next}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void create()} disabled={!canCreate} loading={busy}>
            {t.create}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
