import {
  RateCardAnswer,
  RateCardDetail,
  RateCardsResponse,
  type LoadRateCardRequest,
  type RateCardsQuery,
} from '@pc/contract';
import { api } from '../../../api/client';

export const rateCardAdminKeys = {
  all: ['superadmin', 'rate-cards'] as const,
  page: (query: RateCardsQuery) => [...rateCardAdminKeys.all, 'page', query] as const,
  card: (id: string) => [...rateCardAdminKeys.all, 'card', id] as const,
};

export const fetchRateCards = (query: { skip: number; rowsPerPage: number }) =>
  api.get(
    `/superadmin/rate-cards?${new URLSearchParams({ skip: String(query.skip), rowsPerPage: String(query.rowsPerPage) }).toString()}`,
    RateCardsResponse,
  );
export const fetchRateCard = (id: string) =>
  api.get(`/superadmin/rate-cards/${encodeURIComponent(id)}`, RateCardDetail);
export const loadRateCard = (body: LoadRateCardRequest) => api.post('/superadmin/rate-cards', body, RateCardAnswer);
export const cancelRateCard = (id: string) =>
  api.post(`/superadmin/rate-cards/${encodeURIComponent(id)}/cancel`, undefined, RateCardAnswer);
