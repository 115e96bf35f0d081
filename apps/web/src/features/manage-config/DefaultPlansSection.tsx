import { MenuItem, TextField } from '@mui/material';
import { configTexts, hasPermission, planLabel, type Partner } from '@pc/contract';
import { useSession } from '../../session/session';
import { usePlanCatalogue } from '../create-business/usePlanCatalogue';
import { FormSection } from '../../ui/FormSection';
import { FamilySelect } from '../../ui/FamilySelect';
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
      <FamilySelect
        label={t.defaultPlanFamily}
        families={families}
        noneLabel={t.none}
        value={family?._id ?? ''}
        disabled={disabled}
        onChange={(id) => {
          const next = families.find((f) => f._id === id);
          if (!next) return void save({ defaultPlanFamily: null });
          const plan = (
            next.defaultPlan && next.defaultPlan in next.plans ? next.defaultPlan : Object.keys(next.plans)[0]
          ) as keyof typeof next.plans | undefined;
          if (plan) void save({ defaultPlanFamily: next._id, defaultPlanName: plan });
        }}
      />
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
      <FamilySelect
        label={t.defaultWccPlan}
        families={wccFamilies}
        noneLabel={t.none}
        value={wccFamilies.some((f) => f._id === partner.defaultWccPlan) ? partner.defaultWccPlan! : ''}
        disabled={disabled}
        onChange={(id) => void save({ defaultWccPlan: id || null })}
      />
      {waPayActive && (
        <FamilySelect
          label={t.defaultPaymentsPlan}
          families={paymentPlans}
          noneLabel={t.none}
          value={
            paymentPlans.some((f) => f._id === partner.defaultWhatsappPaymentsPlan)
              ? partner.defaultWhatsappPaymentsPlan!
              : ''
          }
          disabled={disabled}
          onChange={(id) => void save({ defaultWhatsappPaymentsPlan: id || null })}
        />
      )}
    </FormSection>
  );
};
