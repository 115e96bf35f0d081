import { Box, CircularProgress, MenuItem, TextField } from '@mui/material';
import { planLabel } from '@pc/contract';
import type { PlanValues } from './form';
import { FamilySelect } from '../../ui/FamilySelect';
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
      <FamilySelect
        required
        label={t.planFamily}
        families={families}
        value={value.familyId}
        onChange={(familyId) => {
          const next = families.find((f) => f._id === familyId);
          onChange({
            ...value,
            familyId,
            planName: next?.defaultPlan && next.defaultPlan in next.plans ? next.defaultPlan : '',
          });
        }}
      />
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
      <FamilySelect
        label={t.wccPlanFamily}
        families={wccFamilies}
        noneLabel={t.none}
        value={value.wccId}
        onChange={(wccId) => onChange({ ...value, wccId })}
      />
      {waPayActive && (
        <FamilySelect
          label={t.waPayPlanFamily}
          families={paymentPlans}
          noneLabel={t.none}
          value={value.paymentPlanId}
          onChange={(paymentPlanId) => onChange({ ...value, paymentPlanId })}
        />
      )}
    </>
  );
};

export const plansComplete = (needsPlans: boolean, value: PlanValues) =>
  !needsPlans || (Boolean(value.familyId) && Boolean(value.planName));
