const TENANT_KEY = 'tenantId';

/** A ?tenant= link picks the brand; it is kept so later visits without it keep the brand. */
export const captureTenantId = (search: string = window.location.search): void => {
  const tenant = new URLSearchParams(search).get('tenant');
  if (tenant) localStorage.setItem(TENANT_KEY, tenant);
};

export const getTenantId = (): string | undefined => localStorage.getItem(TENANT_KEY) ?? undefined;
