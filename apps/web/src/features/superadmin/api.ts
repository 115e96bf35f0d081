import { AdminPartnersResponse, MessageBody, type PartnerFlags } from '@pc/contract';
import { api } from '../../api/client';

export const fetchPartners = () => api.get('/superadmin/partners', AdminPartnersResponse);

export const setPartnerFlags = (partnerId: string, flags: PartnerFlags) =>
  api.patch(`/superadmin/partners/${encodeURIComponent(partnerId)}/flags`, { flags }, MessageBody);
