import {
  BusinessDetails,
  DirectProfileResponse,
  GetProjectResponse,
  GetUploadUrlResponse,
  LinkResponse,
  MessageBody,
  SubmitKycResponse,
  SyncChannelStatusResponse,
  type LinkKind,
  type UpdateBusinessProfileRequest,
} from '@pc/contract';
import { z } from 'zod';
import { api } from '../../api/client';
import { ApiError, parseErrorBody } from '../../api/errors';
import { getToken } from '../../api/token';

export const fetchProject = async (projectId: string) => {
  const list = await api.get(`/api/get-project/${encodeURIComponent(projectId)}`, GetProjectResponse);
  return list[0] ?? null;
};
export const fetchBusinessDetails = (businessId: string) =>
  api.get(`/api/get-business-details/${encodeURIComponent(businessId)}`, BusinessDetails);

// The spec's {partnerId} path segment is sent as the partner's id; the server takes it from the session.
export const renameProject = (partnerId: string, projectId: string, name: string) =>
  api.patch(`/partner/${partnerId}/project/${projectId}`, { name }, MessageBody);
export const updateAgentSize = (projectId: string, agentSize: number) =>
  api.patch('/api/update-project-agent-size', { projectId, agentSize }, MessageBody);
export const migrateProject = (partnerId: string, projectId: string, businessId: string) =>
  api.patch(`/partner/${partnerId}/project/${projectId}/migrate`, { businessId }, MessageBody);
export const syncChannelStatus = (partnerId: string, assistantId: string) =>
  api.post(`/partner/${partnerId}/sync-channel-status`, { assistantId }, SyncChannelStatusResponse);

const linkPaths: Record<LinkKind, string> = {
  waba: '/api/generate-waba-link/',
  ads: '/api/generate-connect-ads-link?version=v2',
  migration: '/api/generate-waba-migration-link/',
  catalog: '/api/generate-connect-catalog-link/',
};
export const generateLink = (
  kind: LinkKind,
  body: { assistantId: string; partnerId: string; businessId?: string; agentId?: string },
) => api.post(linkPaths[kind], body, LinkResponse);

/** A multipart form with the session's header (fetch sets the boundary). */
const postForm = async <S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  withAuth = true,
): Promise<z.infer<S>> => {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      body: form,
      headers: withAuth && token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await res.text();
  const data: unknown = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) throw new ApiError(res.status, await parseErrorBody(data));
  return schema.parse(data);
};

export const submitKyc = (input: { gstNumber: string; file: File; assistantId: string }) => {
  const form = new FormData();
  form.append('gstNumber', input.gstNumber);
  form.append('fileName', input.file.name);
  form.append('contentType', input.file.type);
  form.append('fileType', input.file.name.split('.').pop()?.toLowerCase() ?? '');
  form.append('consent', 'true');
  form.append('assistantId', input.assistantId);
  form.append('file', input.file, input.file.name);
  return postForm('/partner/submit-kyc', form, SubmitKycResponse);
};

export const getUploadUrl = (projectId: string, file: File) =>
  api.post(
    `/project/${projectId}/get-upload-url`,
    {
      assistantId: projectId,
      fileName: file.name,
      contentType: file.type || 'application/octet-stream',
      fileType: 'IMAGE',
    },
    GetUploadUrlResponse,
  );

/** The storage post: the policy's fields then the file, WITHOUT the authorization header. */
export const postToStorage = async (upload: GetUploadUrlResponse['uploadURL'], file: File) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', file, file.name);
  const res = await fetch(upload.url, { method: 'POST', body: form });
  if (!res.ok) throw new ApiError(res.status, await parseErrorBody(await res.json().catch(() => null)));
};

export const updateBusinessProfile = (projectId: string, body: UpdateBusinessProfileRequest) =>
  api.post(`/project/${projectId}/update-business-profile`, body, MessageBody);
export const fetchDirectProfile = (projectId: string) =>
  api.get(`/api/direct-api-partner/profile/${encodeURIComponent(projectId)}`, DirectProfileResponse);
export const patchDirectProfile = (body: Record<string, unknown> & { projectId: string }) =>
  api.patch('/api/direct-api-partner/profile', body, MessageBody);
