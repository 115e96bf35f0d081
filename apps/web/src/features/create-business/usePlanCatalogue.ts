import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session';
import { fetchPaymentPlans, fetchPlanFamilies, fetchWccPlans } from './api';
import { planKeys } from './keys';

/** The partner's plan catalogue; DIRECT partners skip plans and referral users load none (doc 1 section 6). */
export const usePlanCatalogue = () => {
  const { partner, viewer } = useSession();
  const enabled = partner?.type !== 'DIRECT' && !viewer?.isReferral;
  const families = useQuery({ queryKey: planKeys.families(), queryFn: fetchPlanFamilies, enabled });
  const wcc = useQuery({ queryKey: planKeys.wcc(), queryFn: fetchWccPlans, enabled });
  const payments = useQuery({ queryKey: planKeys.payments(), queryFn: fetchPaymentPlans, enabled });
  const waPayActive = partner?.addons.WHATSAPP_PAY?.status === 'ACTIVE';
  return {
    needsPlans: enabled,
    families: families.data,
    wccFamilies: wcc.data ?? [],
    paymentPlans: payments.data ?? [],
    waPayActive,
  };
};
