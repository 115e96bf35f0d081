import { Box, CircularProgress, MenuItem, TextField } from '@mui/material';
import { planLabel } from '@pc/contract';
import type { PlanValues } from './form';
import { createBusinessTexts as t } from './texts';
import type { usePlanCatalogue } from './usePlanCatalogue';

type Props = {
  catalogue: ReturnType<typeof usePlanCatalogue>;
  value: PlanValues;
  onChange: (value: PlanValues) => void;
};

/** Plan Family, Plan, Wcc Plan Family and (with the WHATSAPP_PAY add-on active) WA Pay Plan Family; a spinner until families load. */
export const PlanFields = ({ catalogue, value, onChange }: Props) => {
  const { families, wccFamilies, paymentPlans, waPayActive } = catalogue;
  if (!families || families.length === 0) {
    return (
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress aria-label={t.loadingPlans} />
      </Box>
    );
  }
  const family = families.find((f) => f._id === value.familyId);
  const plans = family ? Object.keys(family.plans) : [];
  return (
    <>
      <TextField
        select
        required
        label={t.planFamily}
        value={value.familyId}
        onChange={(e) => {
          const next = families.find((f) => f._id === e.target.value);
          onChange({
            ...value,
            familyId: e.target.value,
            planName: next?.defaultPlan && next.defaultPlan in next.plans ? next.defaultPlan : '',
          });
        }}
      >
        {families.map((f) => (
          <MenuItem key={f._id} value={f._id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t.plan}
        value={value.planName}
        onChange={(e) => onChange({ ...value, planName: e.target.value })}
        disabled={!family}
      >
        {plans.map((plan) => (
          <MenuItem key={plan} value={plan}>
            {planLabel(plan)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.wccPlanFamily}
        value={value.wccId}
        onChange={(e) => onChange({ ...value, wccId: e.target.value })}
      >
        <MenuItem value="">{t.none}</MenuItem>
        {wccFamilies.map((f) => (
          <MenuItem key={f._id} value={f._id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      {waPayActive && (
        <TextField
          select
          label={t.waPayPlanFamily}
          value={value.paymentPlanId}
          onChange={(e) => onChange({ ...value, paymentPlanId: e.target.value })}
        >
          <MenuItem value="">{t.none}</MenuItem>
          {paymentPlans.map((f) => (
            <MenuItem key={f._id} value={f._id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
};

export const plansComplete = (needsPlans: boolean, value: PlanValues) =>
  !needsPlans || (Boolean(value.familyId) && Boolean(value.planName));
