import { Alert, Stack } from '@mui/material';
import { pricingTexts, readOnlyText, type PlanFamily, type WccFamily, type WhatsappPaymentsPlan } from '@pc/contract';
import { Suspense, useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { lazyPage } from '../../ui/lazyPage';
import { PageHeader } from '../../ui/PageHeader';
import { RateCardNotice } from '../rate-cards/RateCardNotice';
import { useNotify } from '../../ui/useNotify';
import { CreateButton } from './CreateButton';
import type { DialogMode } from './FamilyDialog';
import { FamilyTable } from './FamilyTable';
import {
  usePaymentsPlans,
  usePlanFamilies,
  usePricingAccess,
  useProviderPayments,
  useProviderPlans,
  useProviderWcc,
  useWccFamilies,
} from './queries';
import { planDetailsTexts as t } from './texts';

// The dialogs (fields, steppers, the price grids) load when one opens, not with the tables.
const PlanFamilyDialog = lazyPage(() => import('./PlanFamilyDialog'), 'PlanFamilyDialog');
const WccFamilyDialog = lazyPage(() => import('./WccFamilyDialog'), 'WccFamilyDialog');
const PaymentsPlanDialog = lazyPage(() => import('./PaymentsPlanDialog'), 'PaymentsPlanDialog');

type Opened =
  | { kind: 'plan'; mode: DialogMode; family?: PlanFamily }
  | { kind: 'wcc'; mode: DialogMode; family?: WccFamily }
  | { kind: 'payments'; mode: DialogMode; family?: WhatsappPaymentsPlan }
  | null;

/** A failed load of the provider's catalogue says so once (doc 3 section 8). */
const useCatalogueFailure = (query: { isError: boolean; error: unknown }, fallback: string) => {
  const notify = useNotify();
  const { isError, error } = query;
  useEffect(() => {
    if (isError) notify.error(errorText(error, fallback));
  }, [isError, error, fallback, notify]);
};

/** /plan-details (doc 3 section 2): the partner's subscription, WCC and WhatsApp Payments families. */
export const PlanDetailsPage = () => {
  const { canWrite, canEdit, waPayActive } = usePricingAccess();
  const [opened, setOpened] = useState<Opened>(null);
  const plans = usePlanFamilies();
  const wcc = useWccFamilies();
  const payments = usePaymentsPlans(waPayActive);
  // The provider's catalogue is read with the page (not for ADS_WHITELABEL partners).
  useCatalogueFailure(useProviderPlans(), pricingTexts.providerPlansFailed);
  useCatalogueFailure(useProviderWcc(), pricingTexts.providerWccFailed);
  useCatalogueFailure(useProviderPayments(), pricingTexts.providerPaymentsFailed);
  const close = () => setOpened(null);

  return (
    <>
      <PageHeader title={t.title} />
      <RateCardNotice />
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only">
          {readOnlyText('plans.write')}
        </Alert>
      )}
      <Stack spacing={4}>
        <FamilyTable
          title={pricingTexts.subscriptionTitle}
          families={plans.data}
          query={plans}
          emptyText={t.empty.subscription}
          errorText={t.loadFailed.subscription}
          canEdit={canEdit}
          createButton={
            <CreateButton
              label={pricingTexts.createPlanFamily}
              onClick={() => setOpened({ kind: 'plan', mode: 'create' })}
            />
          }
          onOpen={(family, mode) => setOpened({ kind: 'plan', mode, family })}
        />
        <FamilyTable
          title={pricingTexts.wccTitle}
          families={wcc.data}
          query={wcc}
          emptyText={t.empty.wcc}
          errorText={t.loadFailed.wcc}
          canEdit={canEdit}
          createButton={
            <CreateButton
              label={pricingTexts.createWccPlan}
              onClick={() => setOpened({ kind: 'wcc', mode: 'create' })}
            />
          }
          onOpen={(family, mode) => setOpened({ kind: 'wcc', mode, family })}
        />
        {waPayActive && (
          <FamilyTable
            title={pricingTexts.paymentsTitle}
            families={payments.data}
            query={payments}
            emptyText={t.empty.payments}
            errorText={t.loadFailed.payments}
            canEdit={canEdit}
            createButton={
              <CreateButton
                label={pricingTexts.createPaymentsPlan}
                onClick={() => setOpened({ kind: 'payments', mode: 'create' })}
              />
            }
            onOpen={(family, mode) => setOpened({ kind: 'payments', mode, family })}
          />
        )}
      </Stack>
      <Suspense fallback={null}>
        {opened?.kind === 'plan' && <PlanFamilyDialog mode={opened.mode} family={opened.family} onClose={close} />}
        {opened?.kind === 'wcc' && <WccFamilyDialog mode={opened.mode} family={opened.family} onClose={close} />}
        {opened?.kind === 'payments' && (
          <PaymentsPlanDialog mode={opened.mode} family={opened.family} onClose={close} />
        )}
      </Suspense>
    </>
  );
};
