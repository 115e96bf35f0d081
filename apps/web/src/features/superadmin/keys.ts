import type { AdminPartnersQuery, AuditLogRequest } from '@pc/contract';

export const adminKeys = {
  all: ['superadmin'] as const,
  partners: () => [...adminKeys.all, 'partners'] as const,
  partnerPage: (query: AdminPartnersQuery) => [...adminKeys.partners(), 'page', query] as const,
  partner: (id: string) => [...adminKeys.partners(), 'one', id] as const,
  partnerBilling: (id: string, page: number) => [...adminKeys.partners(), 'billing', id, page] as const,
  catalogue: () => [...adminKeys.all, 'catalogue'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditPage: (request: AuditLogRequest) => [...adminKeys.audit(), request] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  metaDeliveries: () => [...adminKeys.all, 'meta-deliveries'] as const,
};
