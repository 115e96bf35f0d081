import { Typography } from '@mui/material';
import {
  bulkMargin,
  pricingTexts,
  wccChargeTypes,
  wccFieldOf,
  type CreateWccPlanRequest,
  type UpdateWccFamiliesRequest,
  type WccCharge,
  type WccChargeType,
  type WccFamily,
} from '@pc/contract';
import { useCallback, useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { createWccFamily, updateWccFamily } from './api';
import { BulkMarginPanel } from './BulkMarginPanel';
import { CatalogueGate } from './CatalogueGate';
import { FamilyDialog, type DialogMode } from './FamilyDialog';
import { useFamilyMutation, usePricingAccess, useProviderWcc, useVolumeTiers } from './queries';
import { planDetailsTexts as t } from './texts';
import { unitsToInput } from './units';
import { baseOfFamily, baseOfProvider, chargesOf, countryRows, marginKey, type WccEdits } from './wcc';
import { VolumeTiersNote } from './VolumeTiersNote';
import { WccGrid } from './WccGrid';

type Props = { mode: DialogMode; family?: WccFamily; onClose: () => void };

/**
 * 'Create Wcc Plan' / 'WCC Family Details': the margin of every country and charge type in the
 * partner's currency (the other currency's margin is kept as it was), with Bulk update margin.
 */
export const WccFamilyDialog = ({ mode, family, onClose }: Props) => {
  const notify = useNotify();
  const { currency } = usePricingAccess();
  const provider = useProviderWcc();
  const tiers = useVolumeTiers();
  const create = useFamilyMutation((body: CreateWccPlanRequest) => createWccFamily(body));
  const update = useFamilyMutation((body: UpdateWccFamiliesRequest) => updateWccFamily(body));
  const [edits, setEdits] = useState<WccEdits>({});

  // A new family starts from the provider's prices; an existing one from its own.
  const base = useMemo(
    () => (family ? baseOfFamily(family) : provider.data ? baseOfProvider(provider.data) : null),
    [family, provider.data],
  );
  const countries = useMemo(() => (base ? countryRows(base, t.restOfWorld) : []), [base]);
  const initial = useCallback((charge: WccCharge) => unitsToInput(charge[marginKey(currency)]), [currency]);

  const onMargin = useCallback(
    (country: string, type: WccChargeType, value: string) =>
      setEdits((current) => ({ ...current, [country]: { ...current[country], [type]: value } })),
    [],
  );
  const applyBulk = (bulkMode: 'percentage' | 'custom', value: number, types: WccChargeType[]) => {
    if (!base) return;
    setEdits((current) => {
      const next = { ...current };
      for (const [country, charges] of Object.entries(base)) {
        const row = { ...next[country] };
        for (const type of types) {
          const charge = charges[type];
          if (charge) row[type] = unitsToInput(bulkMargin(charge[currency], bulkMode, value));
        }
        next[country] = row;
      }
      return next;
    });
    notify.info(t.bulkApplied);
  };

  const submit = async (name: string) => {
    if (!base) return;
    const fields = (type: WccChargeType) => chargesOf(base, edits, type, currency, initial);
    try {
      if (mode === 'create') {
        const body = Object.fromEntries(wccChargeTypes.map((type) => [wccFieldOf[type], fields(type)]));
        await create.mutateAsync({ name, ...body } as CreateWccPlanRequest);
        notify.success(pricingTexts.created);
      } else {
        const body = Object.fromEntries(wccChargeTypes.map((type) => [type, fields(type)]));
        await update.mutateAsync({ wccPlanId: family!._id, ...body });
        notify.success(pricingTexts.updated);
      }
      onClose();
    } catch (error) {
      notify.error(errorText(error, mode === 'create' ? pricingTexts.createFailed : pricingTexts.wccUpdateFailed));
    }
  };

  const grid = base && (
    <>
      {mode !== 'view' && <BulkMarginPanel currency={currency} onApply={applyBulk} />}
      <WccGrid
        label={pricingTexts.wccTitle}
        base={base}
        countries={countries}
        edits={edits}
        currency={currency}
        readOnly={mode === 'view'}
        onMargin={onMargin}
      />
      <VolumeTiersNote tiers={tiers.data} currency={currency} />
    </>
  );

  return (
    <FamilyDialog
      mode={mode}
      title={mode === 'create' ? pricingTexts.createWccPlan : pricingTexts.wccFamilyDetails}
      ready={countries.length > 0}
      busy={create.isPending || update.isPending}
      onSubmit={(name) => void submit(name)}
      onClose={onClose}
      maxWidth="lg"
    >
      {family && (
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {family.name}
        </Typography>
      )}
      {family ? (
        grid
      ) : (
        <CatalogueGate query={provider} fallback={pricingTexts.providerWccFailed}>
          {grid}
        </CatalogueGate>
      )}
    </FamilyDialog>
  );
};
