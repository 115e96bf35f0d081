import { AppConfig, PartnerLogosResponse, TenantProfileResponse } from '@pc/contract';
import { api } from '../../api/client';

export const fetchTenant = async (tenantId: string | undefined) =>
  (await api.post('/api/get-tenant-profile', tenantId ? { tenantId } : {}, TenantProfileResponse, false)).data;

export const fetchPartnerLogos = (partnerId: string) =>
  api.get(`/api/${encodeURIComponent(partnerId)}/get-partner-logos`, PartnerLogosResponse);

export const fetchAppConfig = () => api.get('/api/app-config', AppConfig);
