import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerFlagName, PartnerFlags } from '@pc/contract';
import { setPartnerFlags } from './api';
import { adminKeys } from './keys';

/** One flag of a partner: only that flag is sent, so a flag set meanwhile by someone else stays. */
export const useSetFlag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, flag, on }: { partnerId: string; flag: PartnerFlagName; on: boolean }) =>
      setPartnerFlags(partnerId, { [flag]: on } as PartnerFlags),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.partners() }),
  });
};
