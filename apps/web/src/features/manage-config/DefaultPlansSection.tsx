import { MenuItem, TextField } from '@mui/material';
import { configTexts, hasPermission, planLabel, type Partner } from '@pc/contract';
import { useSession } from '../../app/session/session';
import { usePlanCatalogue } from '../create-business/usePlanCatalogue';
import { FormSection } from '../../ui/FormSection';
import { manageConfigTexts as t } from './texts';
import { useUpdateConfig } from './useUpdateConfig';

/**
 * The default plan family and plan, WCC plan and (with WHATSAPP_PAY) WhatsApp Payments plan that
 * new customers get and the create dialogs preselect. Each choice is saved as it is made.
 */
export const DefaultPlansSection = ({ partner }: { partner: Partner }) => {
  const { viewer } = useSession();
  const canWrite = hasPermission(viewer, 'manage.write');
  const { families = [], wccFamilies, paymentPlans, waPayActive } = usePlanCatalogue();
  const { save, saving } = useUpdateConfig(configTexts.operationFailed);
  const family = families.find((f) => f._id === partner.defaultPlanFamily);
  const disabled = !canWrite || saving;

  return (
    <FormSection title={t.defaultsSection}>
      <TextField
        select
        label={t.defaultPlanFamily}
        value={family?._id ?? ''}
        disabled={disabled}
        onChange={(e) => {
          const next = families.find((f) => f._id === e.target.value);
          if (!next) return void save({ defaultPlanFamily: null });
          const plan = (
            next.defaultPlan && next.defaultPlan in next.plans ? next.defaultPlan : Object.keys(next.plans)[0]
          ) as keyof typeof next.plans | undefined;
          if (plan) void save({ defaultPlanFamily: next._id, defaultPlanName: plan });
        }}
      >
        <MenuItem value="">{t.none}</MenuItem>
        {families.map((f) => (
          <MenuItem key={f._id} value={f._id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.defaultPlanName}
        value={family && partner.defaultPlanName ? partner.defaultPlanName : ''}
        disabled={disabled || !family}
        onChange={(e) =>
          family && void save({ defaultPlanFamily: family._id, defaultPlanName: e.target.value as 'BASIC_MONTHLY' })
        }
      >
        {Object.keys(family?.plans ?? {}).map((plan) => (
          <MenuItem key={plan} value={plan}>
            {planLabel(plan)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.defaultWccPlan}
        value={wccFamilies.some((f) => f._id === partner.defaultWccPlan) ? partner.defaultWccPlan : ''}
        disabled={disabled}
        onChange={(e) => void save({ defaultWccPlan: e.target.value || null })}
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
          label={t.defaultPaymentsPlan}
          value={
            paymentPlans.some((f) => f._id === partner.defaultWhatsappPaymentsPlan)
              ? partner.defaultWhatsappPaymentsPlan
              : ''
          }
          disabled={disabled}
          onChange={(e) => void save({ defaultWhatsappPaymentsPlan: e.target.value || null })}
        >
          <MenuItem value="">{t.none}</MenuItem>
          {paymentPlans.map((f) => (
            <MenuItem key={f._id} value={f._id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </FormSection>
  );
};
