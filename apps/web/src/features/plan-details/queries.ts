import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@pc/contract';
import { useSession } from '../../session/session';
import {
  fetchPaymentPlans,
  fetchPlanFamilies,
  fetchProviderPayments,
  fetchProviderPlans,
  fetchProviderWcc,
  fetchWccPlans,
} from './api';
import { familyKeys, providerKeys } from './keys';

/** The catalogue changes only when the platform reprices; a page visit reads it once. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** What the viewer may do here (doc 3 section 6). ADS_WHITELABEL partners price nothing. */
export const usePricingAccess = () => {
  const { partner, viewer } = useSession();
  const ads = partner?.type === 'ADS_WHITELABEL';
  const canWrite = hasPermission(viewer, 'plans.write');
  return {
    ads,
    canWrite,
    canEdit: canWrite && !ads,
    currency: partner?.currency ?? 'INR',
    waPayActive: partner?.addons.WHATSAPP_PAY?.status === 'ACTIVE',
  };
};

export const usePlanFamilies = () => useQuery({ queryKey: familyKeys.families(), queryFn: fetchPlanFamilies });
export const useWccFamilies = () => useQuery({ queryKey: familyKeys.wcc(), queryFn: fetchWccPlans });
export const usePaymentsPlans = (enabled: boolean) =>
  useQuery({ queryKey: familyKeys.payments(), queryFn: fetchPaymentPlans, enabled });

/** The provider's prices; not fetched for ADS_WHITELABEL partners (doc 3 section 6). */
export const useProviderPlans = () => {
  const { ads } = usePricingAccess();
  return useQuery({
    queryKey: providerKeys.plans(),
    queryFn: fetchProviderPlans,
    enabled: !ads,
    staleTime: CATALOGUE_STALE_MS,
  });
};
const providerWccQuery = (ads: boolean) => ({
  queryKey: providerKeys.wcc(),
  queryFn: fetchProviderWcc,
  enabled: !ads,
  staleTime: CATALOGUE_STALE_MS,
});
export const useProviderWcc = () => {
  const { ads } = usePricingAccess();
  return useQuery({ ...providerWccQuery(ads), select: (r) => r.aisensyWccPlan });
};
/** Meta's volume tiers the provider passes on (the same call as the WCC prices). */
export const useVolumeTiers = () => {
  const { ads } = usePricingAccess();
  return useQuery({ ...providerWccQuery(ads), select: (r) => r.volumeTiers });
};
export const useProviderPayments = () => {
  const { ads, waPayActive } = usePricingAccess();
  return useQuery({
    queryKey: providerKeys.payments(),
    queryFn: fetchProviderPayments,
    enabled: !ads && waPayActive,
    staleTime: CATALOGUE_STALE_MS,
  });
};

/** A create or update of a family; the lists are refetched after it, so the table shows the change. */
export const useFamilyMutation = <T>(mutationFn: (body: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
};
