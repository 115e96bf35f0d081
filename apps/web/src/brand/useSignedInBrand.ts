import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Partner } from '@pc/contract';
import { fetchPartnerLogos } from './api';
import { resolveBrand, type Brand } from './brand';
import { brandKeys } from './keys';
import { useTenant } from './useTenant';

export const useSignedInBrand = (partner: Partner | null): Brand => {
  const tenant = useTenant();
  const logos = useQuery({
    queryKey: brandKeys.logos(partner?.id ?? ''),
    queryFn: () => fetchPartnerLogos(partner?.id ?? ''),
    enabled: Boolean(partner),
    staleTime: 60_000,
  });
  return useMemo(
    () => resolveBrand(tenant.data, partner, logos.data?.brandLogoUrl),
    [tenant.data, partner, logos.data],
  );
};
