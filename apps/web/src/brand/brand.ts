import type { Partner, ProfileColors, Tenant } from '@pc/contract';
import { DEFAULT_BRAND_NAME } from '@pc/contract';

export type Brand = {
  /** The brand name for the title; null keeps the default title. */
  name: string | null;
  displayName: string;
  faviconUrl: string | null;
  logoUrl: string | null;
  /** A tenant-branded console hides the platform's own help links. */
  isTenantBrand: boolean;
  /** The partner's console colours (Manage, Configure Profile); null keeps the console's own. */
  colors: ProfileColors | null;
};

export const DEFAULT_FAVICON = '/favicon.svg';

/** The tenant brand wins; a signed-in partner's own brand fills what the tenant leaves unset. */
export const resolveBrand = (
  tenant: Tenant | null | undefined,
  partner?:
    (Pick<Partner, 'brandName' | 'faviconUrl' | 'brandLogoUrl'> & { profileColors?: ProfileColors | null }) | null,
  partnerLogoUrl?: string | null,
): Brand => {
  const name = tenant?.brandName ?? tenant?.name ?? partner?.brandName ?? null;
  return {
    name,
    displayName: name ?? DEFAULT_BRAND_NAME,
    faviconUrl: tenant?.faviconUrl ?? partner?.faviconUrl ?? null,
    logoUrl: tenant?.brandLogo ?? partnerLogoUrl ?? partner?.brandLogoUrl ?? null,
    isTenantBrand: Boolean(tenant) || Boolean(partner?.brandName),
    colors: tenant?.colors ?? partner?.profileColors ?? null,
  };
};
