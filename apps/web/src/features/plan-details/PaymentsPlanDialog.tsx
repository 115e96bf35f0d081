import { Typography } from '@mui/material';
import {
  formatMoney,
  marginUnits,
  partnerPrice,
  pricingTexts,
  type CreatePaymentsPlanRequest,
  type WhatsappPaymentsPlan,
} from '@pc/contract';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { createPaymentsPlan, updatePaymentsPlan } from './api';
import { CatalogueGate } from './CatalogueGate';
import { FamilyDialog, type DialogMode } from './FamilyDialog';
import { PriceTable, type PriceRow } from './PriceTable';
import { useFamilyMutation, useProviderPayments } from './queries';
import { planDetailsTexts as t } from './texts';
import { unitsToInput } from './units';

type Props = { mode: DialogMode; family?: WhatsappPaymentsPlan; onClose: () => void };
type Slabs = CreatePaymentsPlanRequest['slabs'];

/** A WhatsApp Payments plan family: the fee of each of the provider's slabs (INR), over the provider's fee. */
export const PaymentsPlanDialog = ({ mode, family, onClose }: Props) => {
  const notify = useNotify();
  const provider = useProviderPayments();
  const slabs = provider.data;
  const create = useFamilyMutation((body: CreatePaymentsPlanRequest) => createPaymentsPlan(body));
  const update = useFamilyMutation(({ id, slabs }: { id: string; slabs: Slabs }) => updatePaymentsPlan(id, { slabs }));
  const [typed, setTyped] = useState<Record<string, string>>({});

  // The family's slabs are the provider's (same start amounts, in order); without the catalogue, its own.
  const shown = slabs ?? family?.slabs ?? [];
  const rows: PriceRow[] = shown.map((slab, i) => ({
    key: String(i),
    label: t.slabFrom(formatMoney(slab.startAmount, 'INR')),
    currency: 'INR',
    provider: slabs ? slab.INR.fee : null,
    saved: family?.slabs[i]?.INR.fee,
  }));
  const initial = useMemo(
    () =>
      Object.fromEntries(
        (slabs ?? []).map((slab, i) => [
          String(i),
          unitsToInput((family?.slabs[i]?.INR.fee ?? slab.INR.fee) - slab.INR.fee),
        ]),
      ),
    [slabs, family],
  );
  const margins = { ...initial, ...typed };
  const partnerSlabs = (): Slabs =>
    (slabs ?? []).map((slab, i) => ({
      startAmount: slab.startAmount,
      INR: { fee: partnerPrice(slab.INR.fee, marginUnits(margins[String(i)] ?? '')) },
    }));

  const submit = async (name: string) => {
    try {
      if (mode === 'create') {
        await create.mutateAsync({ name, slabs: partnerSlabs() });
        notify.success(pricingTexts.created);
      } else {
        await update.mutateAsync({ id: family!._id, slabs: partnerSlabs() });
        notify.success(pricingTexts.updated);
      }
      onClose();
    } catch (error) {
      notify.error(errorText(error, mode === 'create' ? pricingTexts.createFailed : pricingTexts.paymentsUpdateFailed));
    }
  };

  return (
    <FamilyDialog
      mode={mode}
      title={mode === 'create' ? pricingTexts.createPaymentsPlan : pricingTexts.paymentsFamilyDetails}
      ready={Boolean(slabs?.length)}
      busy={create.isPending || update.isPending}
      onSubmit={(name) => void submit(name)}
      onClose={onClose}
    >
      {family && (
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {family.name}
        </Typography>
      )}
      <CatalogueGate query={provider} fallback={pricingTexts.providerPaymentsFailed}>
        <PriceTable
          label={pricingTexts.paymentsTitle}
          heading={t.slab}
          rows={rows}
          margins={margins}
          readOnly={mode === 'view'}
          onMargin={(key, value) => setTyped((current) => ({ ...current, [key]: value }))}
        />
      </CatalogueGate>
    </FamilyDialog>
  );
};
