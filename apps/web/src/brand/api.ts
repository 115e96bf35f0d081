import { api } from '../api/client';
import { early } from '../api/early';

export const fetchTenant = async (tenantId: string | undefined) =>
  (await api.post('/api/get-tenant-profile', tenantId ? { tenantId } : {}, early('TenantProfileResponse'), false)).data;

export const fetchPartnerLogos = (partnerId: string) =>
  api.get(`/api/${encodeURIComponent(partnerId)}/get-partner-logos`, early('PartnerLogosResponse'));

export const fetchAppConfig = () => api.get('/api/app-config', early('AppConfig'));
