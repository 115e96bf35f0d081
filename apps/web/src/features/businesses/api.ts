import {
  Business,
  BusinessCountsResponse,
  BusinessListsResponse,
  BusinessProjectsResponse,
  MessageBody,
  UpdateBusinessResponse,
  type BusinessListsRequest,
  type SortOrder,
  type UpdateBusinessRequest,
} from '@pc/contract';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

const base = (partnerId: string) => `/partner/${encodeURIComponent(partnerId)}`;

/**
 * Referral users call the referral variants with their own id as partnerReferralId (the server
 * scopes them by the session anyway).
 */
export const fetchBusinessPage = (referralId: string | null, body: BusinessListsRequest, sort: SortOrder) =>
  api.post(
    `/api/${referralId ? 'partner-referral-business-lists' : 'business-lists'}?sort=${sort}`,
    referralId ? { ...body, partnerReferralId: referralId } : body,
    BusinessListsResponse,
  );
export const fetchBusinessCounts = async () =>
  (await api.post('/api/business-counts', {}, BusinessCountsResponse))[0] ?? { allCount: 0, archivedCount: 0 };
export const fetchBusiness = (partnerId: string, id: string) =>
  api.get(`${base(partnerId)}/business/${encodeURIComponent(id)}`, Business);
export const fetchBusinessProjects = (clientId: string, name: string) =>
  api.post('/api/business-projects', { name, clientId }, BusinessProjectsResponse);
export const updateBusiness = (partnerId: string, id: string, body: UpdateBusinessRequest) =>
  api.patch(`${base(partnerId)}/business/${encodeURIComponent(id)}`, body, UpdateBusinessResponse);
export const deleteBusiness = (id: string) =>
  api.post(`/api/delete-business/${encodeURIComponent(id)}`, {}, MessageBody);
export const resetBusinessPassword = (body: { clientId: string; password: string; confirmPassword: string }) =>
  api.post('/api/reset-business-password', body, MessageBody);
export const sendSetupMail = (email: string) => api.post('/auth/send-password-reset-email', { email }, MessageBody);

/** Fetches a CSV report and saves it under the spec's file name. */
export const downloadReport = downloadFile;
