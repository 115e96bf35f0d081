import {
  addonLabel,
  addonPlanTexts,
  effectiveAddonPlans,
  marginUnits,
  mapPlans,
  partnerPrice,
  priceAt,
  slotsOf,
  type Addon,
  type AddonPlans,
} from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { sessionKeys } from '../../session/keys';
import { FamilyDialog } from '../plan-details/FamilyDialog';
import { PriceTable, type PriceRow } from '../plan-details/PriceTable';
import { unitsToInput } from '../plan-details/units';
import { useNotify } from '../../ui/useNotify';
import { updateAddonPlan } from './api';
import { addonPageTexts as t } from './texts';

type Props = { name: string; offered: Addon; provider: AddonPlans; canEdit: boolean; onClose: () => void };

const currencies = ['INR', 'USD'] as const;

/**
 * One add-on's prices: per plan (Monthly, Yearly; the flow builder per tier) and currency, the
 * provider price, the margin typed over it (never negative) and the partner price. Save sends the
 * partner prices (update-addon-plan); without manage write the dialog is read-only with Close.
 */
export const AddonPlanDialog = ({ name, offered, provider, canEdit, onClose }: Props) => {
  const notify = useNotify();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: updateAddonPlan,
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: sessionKeys.partner() });
      notify.success(answer.message);
      onClose();
    },
    onError: (error) => notify.error(errorText(error, addonPlanTexts.updateFailed)),
  });
  const slots = useMemo(() => slotsOf(name), [name]);
  const keyOf = (index: number, currency: (typeof currencies)[number]) => `${index}.${currency}`;
  const initial = useMemo(() => {
    const current = effectiveAddonPlans(name, offered, provider);
    const margins: Record<string, string> = {};
    slots.forEach((slot, i) => {
      for (const c of currencies)
        margins[keyOf(i, c)] = unitsToInput(priceAt(current, slot)![c] - priceAt(provider, slot)![c]);
    });
    return margins;
  }, [name, offered, provider, slots]);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const margins = { ...initial, ...typed };

  const rows: PriceRow[] = slots.flatMap((slot, i) =>
    currencies.map((currency) => ({
      key: keyOf(i, currency),
      label: `${t.slot(slot)} (${currency})`,
      currency,
      provider: priceAt(provider, slot)![currency],
    })),
  );
  const partnerPlans = () =>
    mapPlans(name, provider, (price, slot) => {
      const i = slots.findIndex((s) => s.tier === slot.tier && s.period === slot.period);
      return {
        INR: partnerPrice(price.INR, marginUnits(margins[keyOf(i, 'INR')] ?? '')),
        USD: partnerPrice(price.USD, marginUnits(margins[keyOf(i, 'USD')] ?? '')),
      };
    });

  return (
    <FamilyDialog
      mode={canEdit ? 'edit' : 'view'}
      title={t.details(addonLabel(name))}
      ready
      busy={save.isPending}
      onSubmit={() => save.mutate({ key: name, partnerPlans: partnerPlans() })}
      onClose={onClose}
    >
      <PriceTable
        label={t.details(addonLabel(name))}
        heading={t.plan}
        rows={rows}
        margins={margins}
        readOnly={!canEdit}
        onMargin={(key, value) => setTyped((current) => ({ ...current, [key]: value }))}
      />
    </FamilyDialog>
  );
};
