import {
  CreateTemplateResponse,
  DirectListTemplatesResponse,
  DirectSearchTemplatesResponse,
  DIRECT_TEMPLATE_PAGE_SIZE,
  MediaUploadUrlResponse,
  MessageBody,
  SaveMediaDetailsResponse,
  SyncTemplatesResponse,
  Template,
  TemplateDetailResponse,
  TemplateLintContextResponse,
  TemplateListResponse,
  type CreateTemplateRequest,
  type DirectCreateTemplateRequest,
  type EditTemplateRequest,
  type SaveTemplateDraftRequest,
  type SortOrder,
  type TemplateListRequest,
} from '@pc/contract';
import { api, request } from '../../api/client';

const enc = encodeURIComponent;

export const fetchTemplatePage = (body: TemplateListRequest, sort: SortOrder) =>
  api.post(`/api/template-lists?sort=${sort}`, body, TemplateListResponse);

/** GET /api/{userId}/template-detials/{templateId}: the answer's first item. */
export const fetchTemplate = async (userId: string, templateId: string) => {
  const found = await api.get(`/api/${enc(userId)}/template-detials/${enc(templateId)}`, TemplateDetailResponse);
  return found[0] ?? null;
};

export const syncTemplates = (partnerId: string, assistantId: string) =>
  api.post(`/partner/${enc(partnerId)}/sync-templates`, { assistantId }, SyncTemplatesResponse);

export const createTemplate = (projectId: string, body: CreateTemplateRequest) =>
  api.post(`/project/${enc(projectId)}/wa_template`, body, CreateTemplateResponse);

/** An approved, rejected or paused template's new content, sent to Meta; its name and language stay. */
export const editTemplate = (projectId: string, templateId: string, body: EditTemplateRequest) =>
  request(`/project/${enc(projectId)}/wa_template/${enc(templateId)}`, {
    method: 'PUT',
    body,
    schema: CreateTemplateResponse,
  });

export const saveTemplateDraft = (projectId: string, body: SaveTemplateDraftRequest) =>
  api.post(`/project/${enc(projectId)}/wa_template/draft`, body, Template);

export const deleteTemplateDraft = (projectId: string, draftId: string) =>
  request(`/project/${enc(projectId)}/wa_template/draft/${enc(draftId)}`, { method: 'DELETE', schema: MessageBody });

export const fetchLintContext = (projectId: string) =>
  api.get(`/project/${enc(projectId)}/template-lint-context`, TemplateLintContextResponse);

// DIRECT partners (doc 2 section 7.6).
export const fetchDirectPage = (projectId: string, after: string) =>
  api.post(
    `/api/direct-api-partner/templates/project/${enc(projectId)}`,
    { projectId, limit: DIRECT_TEMPLATE_PAGE_SIZE, after },
    DirectListTemplatesResponse,
  );
export const searchDirectTemplates = (projectId: string, filter: string) =>
  api.post('/api/direct-api-partner/templates/search', { projectId, filter }, DirectSearchTemplatesResponse);
export const createDirectTemplate = (body: DirectCreateTemplateRequest) =>
  api.post('/api/direct-api-partner/templates', body, CreateTemplateResponse);

// Sample media (doc 2 section 7.1, last paragraph).
export type MediaFileType = 'IMAGE' | 'VIDEO' | 'FILE';
export const getMediaUploadUrl = (body: {
  assistantId: string;
  fileName: string;
  contentType: string;
  fileType: MediaFileType;
}) => api.post('/api/get-upload-url', body, MediaUploadUrlResponse);
export const saveMediaDetails = (body: {
  assistantId: string;
  fileName: string;
  contentType: string;
  fileType: MediaFileType;
  clientId: string;
  date: string;
  fileSize: number;
  s3Path: string;
  publicUrl: string;
  uploadedBy: string;
}) => api.post('/api/save-media-details', body, SaveMediaDetailsResponse);
