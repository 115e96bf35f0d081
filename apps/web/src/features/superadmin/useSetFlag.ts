import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPartner, PartnerFlagName } from '@pc/contract';
import { setPartnerFlags } from './api';
import { adminKeys } from './keys';

export const useSetFlag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partner, flag, on }: { partner: AdminPartner; flag: PartnerFlagName; on: boolean }) =>
      setPartnerFlags(partner.id, { ...partner.flags, [flag]: on }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.partners() }),
  });
};
