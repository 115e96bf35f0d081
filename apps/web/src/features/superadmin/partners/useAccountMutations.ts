import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorrectionRequest, RechargeRequest, UpdatePartnerRequest, CreatePartnerRequest } from '@pc/contract';
import { adminKeys } from '../keys';
import { correctBalance, createPartner, recordRecharge, refundPartnershipFee, updatePartner } from './api';

/** After any change: the partners, the account, its billing rows and the audit log show it. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.partners() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
    ]);
};

export const useCreatePartner = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreatePartnerRequest) => createPartner(body), onSuccess: refresh });
};

export const useUpdatePartner = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: UpdatePartnerRequest) => updatePartner(id, body), onSuccess: refresh });
};

export const useRecharge = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: RechargeRequest; key: string }) => recordRecharge(id, body, key),
    onSuccess: refresh,
  });
};

export const useCorrection = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: CorrectionRequest; key: string }) => correctBalance(id, body, key),
    onSuccess: refresh,
  });
};

export const useRefund = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => refundPartnershipFee(id), onSuccess: refresh });
};
