import type { Tenant } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { findPartner, findPartnerByDomain, type PartnerRow } from '../partners/queries.js';

const toTenant = (row: PartnerRow): Tenant => ({
  tenantId: row.id,
  name: row.brandName ?? row.name,
  brandName: row.brandName,
  brandLogo: row.brandLogoUrl,
  faviconUrl: row.faviconUrl,
  colors: row.profileColors ?? null,
});

/**
 * The brand to show before and after sign-in: by tenant id when given, else by the host the
 * partner mapped as its own domain. A partner without a brand name shows the default brand (null).
 */
export const resolveTenant = async (
  db: DbOrTx,
  tenantId: string | undefined,
  host: string | undefined,
): Promise<Tenant | null> => {
  const hostname = host?.split(':')[0];
  const row = tenantId
    ? await findPartner(db, tenantId)
    : hostname
      ? await findPartnerByDomain(db, hostname)
      : undefined;
  return row?.brandName ? toTenant(row) : null;
};
