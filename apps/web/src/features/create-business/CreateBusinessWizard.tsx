import { Box, TextField, Tooltip } from '@mui/material';
import { businessTexts, type Business } from '@pc/contract';
import { useState } from 'react';
import { useSession } from '../../session/session';
import { StepperDialog } from '../../ui/StepperDialog';
import { AccountingFields } from './AccountingFields';
import { createBusinessWithProject } from './api';
import { BusinessDetailsFields } from './BusinessDetailsFields';
import {
  accountingComplete,
  accountingPayload,
  detailsComplete,
  detailsPayload,
  emptyAccounting,
  emptyDetails,
  defaultPlans,
} from './form';
import { PlanFields, plansComplete } from './PlanFields';
import { createBusinessTexts as t } from './texts';
import { useCreate } from './useCreate';
import { usePlanCatalogue } from './usePlanCatalogue';

type Props = { open: boolean; onClose: () => void; onCreated?: (business: Business) => void };

/** The businesses page's wizard: details, then the first project (same name) on its plans (doc 1 section 2). */
export const CreateBusinessWizard = ({ open, onClose, onCreated }: Props) => {
  const { partner } = useSession();
  const { busy, run } = useCreate(businessTexts.created);
  const catalogue = usePlanCatalogue();
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState(() => emptyDetails(partner));
  const [plans, setPlans] = useState(() => defaultPlans(partner));
  const [accounting, setAccounting] = useState(emptyAccounting);
  const isDirect = partner?.type === 'DIRECT';
  const zoho = Boolean(partner?.isZohoEnabled);

  const close = () => {
    setStep(0);
    setDetails(emptyDetails(partner));
    setPlans(defaultPlans(partner));
    setAccounting(emptyAccounting());
    onClose();
  };
  const create = () =>
    run(
      () =>
        createBusinessWithProject(partner?.id ?? ':partnerId', {
          ...detailsPayload(details, isDirect),
          ...(catalogue.needsPlans
            ? {
                newFamilyId: plans.familyId,
                newPlanId: plans.planName,
                wccPlan: plans.wccId || null,
                waPayPlan: plans.paymentPlanId || null,
              }
            : {}),
          ...(zoho ? accountingPayload(accounting) : {}),
        }),
      (result) => {
        close();
        onCreated?.(result.business);
      },
    );

  return (
    <StepperDialog
      open={open}
      title={t.wizardTitle}
      steps={{
        labels: t.wizardSteps,
        active: step,
        onChange: setStep,
        canNext: detailsComplete(details, partner, 'wizard'),
      }}
      submitLabel={t.create}
      canSubmit={plansComplete(catalogue.needsPlans, plans) && accountingComplete(zoho, accounting)}
      busy={busy}
      onSubmit={() => void create()}
      onClose={close}
    >
      {step === 0 ? (
        <BusinessDetailsFields values={details} onChange={setDetails} partner={partner} variant="wizard" />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
          <Tooltip title={businessTexts.firstProjectSameName}>
            <TextField
              label={t.projectName}
              required
              value={details.display_name}
              disabled
              sx={{ gridColumn: '1 / -1' }}
            />
          </Tooltip>
          {catalogue.needsPlans && <PlanFields catalogue={catalogue} value={plans} onChange={setPlans} />}
          {zoho && <AccountingFields value={accounting} onChange={setAccounting} />}
        </Box>
      )}
    </StepperDialog>
  );
};
