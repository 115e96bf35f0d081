import { RiskResponse, type RiskQuery } from '@pc/contract';
import { api } from '../../api/client';

export const riskKeys = {
  all: ['risk'] as const,
  board: (query: RiskQuery) => ['risk', query] as const,
};

/** GET /api/risk: one page of the board, its counts and totals. */
export const fetchRisk = (query: RiskQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return api.get(`/api/risk?${params.toString()}`, RiskResponse);
};
