export const brandKeys = {
  all: ['brand'] as const,
  tenant: (tenantId: string | undefined) => [...brandKeys.all, 'tenant', tenantId ?? null] as const,
  logos: (partnerId: string) => [...brandKeys.all, 'logos', partnerId] as const,
  appConfig: () => ['app-config'] as const,
};
