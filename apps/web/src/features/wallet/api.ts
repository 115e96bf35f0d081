import {
  EstimateResponse,
  ThresholdResponse,
  WALLET_PAGE_SIZE,
  WalletResponse,
  type EstimateRequest,
  type SetThresholdRequest,
} from '@pc/contract';
import { api, request } from '../../api/client';

export const walletKeys = {
  all: ['wallet'] as const,
  page: (page: number, crossed: boolean) => ['wallet', page, crossed] as const,
};

/** `page` from 0; the project credits soonest to run out first. */
export const fetchWallet = (page: number, crossed: boolean) =>
  api.get(
    `/api/wallet?${new URLSearchParams({
      skip: String(page * WALLET_PAGE_SIZE),
      limit: String(WALLET_PAGE_SIZE),
      crossed: String(crossed),
    }).toString()}`,
    WalletResponse,
  );

const thresholdPath = (projectId: string | null) =>
  projectId ? `/api/wallet/projects/${encodeURIComponent(projectId)}/threshold` : '/api/wallet/threshold';

export const saveThreshold = (projectId: string | null, body: SetThresholdRequest) =>
  request(thresholdPath(projectId), { method: 'PUT', body, schema: ThresholdResponse });

export const removeThreshold = (projectId: string | null) =>
  request(thresholdPath(projectId), { method: 'DELETE', schema: ThresholdResponse });

export const estimateCampaign = (projectId: string, body: EstimateRequest) =>
  api.post(`/api/projects/${encodeURIComponent(projectId)}/campaign-estimate`, body, EstimateResponse);
