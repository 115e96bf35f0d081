import { useMemo } from 'react';
import { resolveBrand, type Brand } from './brand';
import { useDocumentBrand } from './useDocumentBrand';
import { useTenant } from './useTenant';

/** The brand of pages shown before sign-in, applied to the title and favicon. */
export const usePublicBrand = (): Brand => {
  const tenant = useTenant();
  const brand = useMemo(() => resolveBrand(tenant.data), [tenant.data]);
  useDocumentBrand(brand);
  return brand;
};
