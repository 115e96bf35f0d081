import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { AllBusinessListsResponse, businessTexts } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useSession } from '../../app/session/session';
import { useNotify } from '../../ui/useNotify';
import { AccountingFields } from './AccountingFields';
import { createProject } from './api';
import { accountingPayload, addressComplete, emptyAccounting, emptyPlans } from './form';
import { businessKeys } from './keys';
import { PlanFields, plansComplete } from './PlanFields';
import { createBusinessTexts as t } from './texts';
import { useInvalidateLists } from './useInvalidateLists';
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
  const titleId = useId();
  const { partner } = useSession();
  const notify = useNotify();
  const invalidate = useInvalidateLists();
  const catalogue = usePlanCatalogue();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<BusinessRef | null>(business ?? null);
  const [plans, setPlans] = useState(emptyPlans);
  const [accounting, setAccounting] = useState(emptyAccounting);
  const [busy, setBusy] = useState(false);
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
    setPlans(emptyPlans());
    setAccounting(emptyAccounting());
    onClose();
  };
  const canCreate =
    Boolean(chosen) &&
    name.trim().length > 0 &&
    plansComplete(catalogue.needsPlans, plans) &&
    (!zoho || (addressComplete(accounting.billingAddress) && addressComplete(accounting.shippingAddress)));

  const create = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const result = await createProject(partner?.id ?? ':partnerId', chosen.id, {
        name: name.trim(),
        ...(catalogue.needsPlans ? { planFamilyId: plans.familyId, planName: plans.planName, wccId: plans.wccId || null, paymentPlanId: plans.paymentPlanId || null } : {}),
        ...(zoho ? accountingPayload(accounting) : {}),
      });
      notify.success(businessTexts.projectCreated);
      await invalidate();
      close();
      onCreated?.(result.project);
    } catch (error) {
      notify.error(errorText(error, businessTexts.tryAgain));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t.projectTitle}</DialogTitle>
      <DialogContent>
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
          <TextField label={t.projectName} required value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 120 } }} />
          {catalogue.needsPlans && <PlanFields catalogue={catalogue} value={plans} onChange={setPlans} />}
          {zoho && <AccountingFields value={accounting} onChange={setAccounting} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={() => void create()} disabled={!canCreate} loading={busy}>
          {t.create}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
