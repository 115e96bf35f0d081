import { Typography } from '@mui/material';
import {
  marginUnits,
  partnerPrice,
  planLabel,
  pricingTexts,
  subscriptionPlanNames,
  type CreatePlanFamilyRequest,
  type PlanFamily,
  type SubscriptionPlanName,
  type UpdatePlanFamiliesRequest,
} from '@pc/contract';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { createPlanFamily, updatePlanFamily } from './api';
import { CatalogueGate } from './CatalogueGate';
import { FamilyDialog, type DialogMode } from './FamilyDialog';
import { PriceTable, type PriceRow } from './PriceTable';
import { useFamilyMutation, useProviderPlans } from './queries';
import { planDetailsTexts as t } from './texts';
import { unitsToInput } from './units';

type Props = { mode: DialogMode; family?: PlanFamily; onClose: () => void };

const currencies = ['INR', 'USD'] as const;
const keyOf = (plan: SubscriptionPlanName, currency: (typeof currencies)[number]) => `${plan}.${currency}`;

/** 'Create Plan Family' / 'Plan Family Details': each plan's price in INR and USD over the provider's. */
export const PlanFamilyDialog = ({ mode, family, onClose }: Props) => {
  const notify = useNotify();
  const provider = useProviderPlans();
  const catalogue = provider.data;
  const create = useFamilyMutation((body: CreatePlanFamilyRequest) => createPlanFamily(body));
  const update = useFamilyMutation((body: UpdatePlanFamiliesRequest) => updatePlanFamily(body));
  const [typed, setTyped] = useState<Record<string, string>>({});

  // A new family prices every plan the provider sells; an existing one shows its own plans.
  const plans = subscriptionPlanNames.filter((plan) => (family ? family.plans[plan] : catalogue?.[plan]));
  const rows: PriceRow[] = plans.flatMap((plan) =>
    currencies.map((currency) => ({
      key: keyOf(plan, currency),
      label: `${planLabel(plan)} (${currency})`,
      currency,
      provider: catalogue?.[plan]?.[currency] ?? null,
      saved: family?.plans[plan]?.[currency],
    })),
  );
  // Margins start as the family's (partner price minus provider price), or 0 for a new family.
  const initial = useMemo(() => {
    const margins: Record<string, string> = {};
    for (const plan of subscriptionPlanNames)
      for (const currency of currencies) {
        const base = catalogue?.[plan]?.[currency];
        const saved = family?.plans[plan]?.[currency];
        if (base !== undefined) margins[keyOf(plan, currency)] = unitsToInput(saved === undefined ? 0 : saved - base);
      }
    return margins;
  }, [catalogue, family]);
  const margins = { ...initial, ...typed };

  const partnerPlans = () =>
    Object.fromEntries(
      plans.map((plan) => [
        plan,
        Object.fromEntries(
          currencies.map((c) => [
            c,
            partnerPrice(catalogue?.[plan]?.[c] ?? 0, marginUnits(margins[keyOf(plan, c)] ?? '')),
          ]),
        ) as { INR: number; USD: number },
      ]),
    ) as CreatePlanFamilyRequest['plans'];

  const submit = async (name: string) => {
    try {
      if (mode === 'create') {
        const defaultPlan = plans.includes('BASIC_MONTHLY') ? 'BASIC_MONTHLY' : plans[0]!;
        await create.mutateAsync({ name, plans: partnerPlans(), defaultPlan });
        notify.success(pricingTexts.created);
      } else {
        await update.mutateAsync({ planId: family!._id, plans: partnerPlans() });
        notify.success(pricingTexts.updated);
      }
      onClose();
    } catch (error) {
      notify.error(
        errorText(error, mode === 'create' ? pricingTexts.createFailed : pricingTexts.planFamilyUpdateFailed),
      );
    }
  };

  return (
    <FamilyDialog
      mode={mode}
      title={mode === 'create' ? pricingTexts.createPlanFamily : pricingTexts.planFamilyDetails}
      ready={plans.length > 0 && plans.every((plan) => catalogue?.[plan])}
      busy={create.isPending || update.isPending}
      onSubmit={(name) => void submit(name)}
      onClose={onClose}
    >
      {family && (
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {family.name}
        </Typography>
      )}
      <CatalogueGate query={provider} fallback={pricingTexts.providerPlansFailed}>
        <PriceTable
          label={pricingTexts.subscriptionTitle}
          heading={t.plan}
          rows={rows}
          margins={margins}
          readOnly={mode === 'view'}
          onMargin={(key, value) => setTyped((current) => ({ ...current, [key]: value }))}
        />
      </CatalogueGate>
    </FamilyDialog>
  );
};
