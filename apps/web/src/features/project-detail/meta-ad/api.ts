import {
  AdAccountsResponse,
  AssignAssetResponse,
  AssistantDataResponse,
  FrozenAssetsResponse,
  MetaAdDetailsResponse,
  MetaAdTabResponse,
  PagesResponse,
  UpdateWhatsappNumberResponse,
  type FbConnectRequest,
  type FreezeAssetRequest,
  type SelectAdProfileRequest,
  type UnfreezeAssetsRequest,
  type UpdateMetaAdDetailsRequest,
  type UpdateWhatsappNumberRequest,
} from '@pc/contract';
import { api } from '../../../api/client';

/** The meta-ads service's calls (doc 3 section 7, "Meta Ads") and the tab's own read. */
export const fetchMetaAdTab = (assistantId: string) =>
  api.get(`/meta-ads/assistant/${encodeURIComponent(assistantId)}`, MetaAdTabResponse);
export const fbConnect = (body: FbConnectRequest) => api.post('/meta-ads/fb-connect', body, AssistantDataResponse);
export const fbDisconnect = (assistantId: string, fbUserId: string) =>
  api.post('/meta-ads/fb-disconnect', { assistantId, fbUserId }, AssistantDataResponse);
export const fetchAdAccounts = (assistantId: string) =>
  api.post('/meta-ads/fetch-ad-accounts', { assistantId }, AdAccountsResponse);
export const fetchPages = (assistantId: string) => api.post('/meta-ads/fetch-pages', { assistantId }, PagesResponse);
export const selectAdProfile = (body: SelectAdProfileRequest) =>
  api.post('/meta-ads/select-ad-profile', body, AssistantDataResponse);
export const freezeAsset = (body: FreezeAssetRequest) => api.post('/meta-ads/freeze-asset', body, FrozenAssetsResponse);
export const unfreezeAssets = (body: UnfreezeAssetsRequest) =>
  api.post('/meta-ads/unfreeze-assets', body, FrozenAssetsResponse);
export const updateWhatsappNumber = (body: UpdateWhatsappNumberRequest) =>
  api.post('/meta-ads/update-whatsapp-number', body, UpdateWhatsappNumberResponse);
export const updateMetaAdDetails = (body: UpdateMetaAdDetailsRequest) =>
  api.post('/meta-ads/updateMetaAdDetails', body, MetaAdDetailsResponse);
export const assignAsset = (kind: 'page' | 'adAccount', assistantId: string, id: string) =>
  api.post(
    kind === 'page' ? '/meta-ads/assign-meta-page' : '/meta-ads/assign-ad-account',
    { assistantId, id },
    AssignAssetResponse,
  );
