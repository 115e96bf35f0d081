import { AdminPartnersResponse, MessageBody, type AdminPartnersQuery, type PartnerFlags } from '@pc/contract';
import { api } from '../../api/client';

/** A page of partners by name, optionally those whose name holds `search`. */
export const fetchPartnerPage = (query: AdminPartnersQuery) => {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.skip) params.set('skip', String(query.skip));
  if (query.rowsPerPage) params.set('rowsPerPage', String(query.rowsPerPage));
  const search = params.toString();
  return api.get(`/superadmin/partners${search ? `?${search}` : ''}`, AdminPartnersResponse);
};

/** The first 100 partners by name (a filter's choices). */
export const fetchPartners = () => fetchPartnerPage({ rowsPerPage: 100 });

export const setPartnerFlags = (partnerId: string, flags: PartnerFlags) =>
  api.patch(`/superadmin/partners/${encodeURIComponent(partnerId)}/flags`, { flags }, MessageBody);
