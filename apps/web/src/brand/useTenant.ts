import { useQuery } from '@tanstack/react-query';
import { fetchTenant } from './api';
import { brandKeys } from './keys';
import { getTenantId } from './tenantId';

/** The tenant brand (null: default brand). Public, so the sign-in page is branded too. */
export const useTenant = () => {
  const tenantId = getTenantId();
  return useQuery({
    queryKey: brandKeys.tenant(tenantId),
    queryFn: () => fetchTenant(tenantId),
    staleTime: Infinity,
    retry: 1,
  });
};
