import { Autocomplete, Box, TextField } from '@mui/material';
import { AllBusinessListsResponse, businessTexts } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useSession } from '../../session/session';
import { StepperDialog } from '../../ui/StepperDialog';
import { AccountingFields } from './AccountingFields';
import { createProject } from './api';
import { accountingComplete, accountingPayload, emptyAccounting, defaultPlans } from './form';
import { businessKeys } from './keys';
import { PlanFields, plansComplete } from './PlanFields';
import { createBusinessTexts as t } from './texts';
import { useCreate } from './useCreate';
import { usePlanCatalogue } from './usePlanCatalogue';

export type BusinessRef = { id: string; display_name: string };
export type CreatedProject = { _id: string; assistantName: string };

type Props = {
  open: boolean;
  /** The business to create the project under; without one the dialog offers the partner's businesses. */
  business?: BusinessRef | null;
  onClose: () => void;
  onCreated?: (project: CreatedProject) => void;
};

/** Project name and plan selection (plans for non-DIRECT partners; accounting with Zoho). */
export const CreateProjectDialog = ({ open, business, onClose, onCreated }: Props) => {
  const { partner } = useSession();
  const { busy, run } = useCreate(businessTexts.projectCreated);
  const catalogue = usePlanCatalogue();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<BusinessRef | null>(business ?? null);
  const [plans, setPlans] = useState(() => defaultPlans(partner));
  const [accounting, setAccounting] = useState(emptyAccounting);
  const zoho = Boolean(partner?.isZohoEnabled);
  const picker = useQuery({
    queryKey: businessKeys.picker(),
    queryFn: async () => (await api.get('/api/allbusiness-lists', AllBusinessListsResponse)).business,
    enabled: open && !business,
  });

  useEffect(() => {
    if (open) setChosen(business ?? null);
  }, [open, business]);

  const close = () => {
    setName('');
    setPlans(defaultPlans(partner));
    setAccounting(emptyAccounting());
    onClose();
  };
  const canCreate =
    Boolean(chosen) &&
    name.trim().length > 0 &&
    plansComplete(catalogue.needsPlans, plans) &&
    accountingComplete(zoho, accounting);

  const create = async () => {
    if (!chosen) return;
    await run(
      () =>
        createProject(partner?.id ?? ':partnerId', chosen.id, {
          name: name.trim(),
          ...(catalogue.needsPlans
            ? {
                planFamilyId: plans.familyId,
                planName: plans.planName,
                wccId: plans.wccId || null,
                paymentPlanId: plans.paymentPlanId || null,
              }
            : {}),
          ...(zoho ? accountingPayload(accounting) : {}),
        }),
      (result) => {
        close();
        onCreated?.(result.project);
      },
    );
  };

  return (
    <StepperDialog
      open={open}
      title={t.projectTitle}
      submitLabel={t.create}
      canSubmit={canCreate}
      busy={busy}
      onSubmit={() => void create()}
      onClose={close}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        {business ? (
          <TextField label="Business" value={business.display_name} disabled />
        ) : (
          <Autocomplete
            options={picker.data ?? []}
            loading={picker.isLoading}
            value={picker.data?.find((b) => b.id === chosen?.id) ?? null}
            onChange={(_event, value) => setChosen(value ? { id: value.id, display_name: value.display_name } : null)}
            getOptionLabel={(option) => option.display_name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} required label="Business" />}
          />
        )}
        <TextField
          label={t.projectName}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        {catalogue.needsPlans && <PlanFields catalogue={catalogue} value={plans} onChange={setPlans} />}
        {zoho && <AccountingFields value={accounting} onChange={setAccounting} />}
      </Box>
    </StepperDialog>
  );
};
