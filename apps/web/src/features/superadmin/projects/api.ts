import {
  AddTemplateCreditResponse,
  AdminPartnersResponse,
  CreditsFromCacheResponse,
  MessageBody,
  MigrateTemplatesResponse,
  SetApiKeyResponse,
  SetProcessedResponse,
  StaffSyncTemplatesResponse,
  SuperadminProject,
  SuperadminProjectListResponse,
  type ProjectStatus,
  type SetAssistantFieldRequest,
  type SuperadminPlanName,
  type SuperadminProjectListRequest,
} from '@pc/contract';
import type { z } from 'zod';
import { api, request } from '../../../api/client';

/** The super-admin's project calls (server module superadmin-projects). */

export const fetchProjectPage = (body: SuperadminProjectListRequest) =>
  api.post('/superadmin/project-lists', body, SuperadminProjectListResponse);

/** The partners the list filters by: the first 100 by name (the filter's choices). */
export const fetchPartnerChoices = () => api.get('/superadmin/partners?rowsPerPage=100', AdminPartnersResponse);

export const fetchProject = (id: string) =>
  api.get(`/superadmin/projects/${encodeURIComponent(id)}`, SuperadminProject);

const path = (id: string, section: string) => `/superadmin/projects/${encodeURIComponent(id)}/${section}`;
const put = <S extends z.ZodType>(url: string, body: unknown, schema: S) =>
  request(url, { method: 'PUT', body, schema });

export const setStatus = (id: string, status: ProjectStatus) => put(path(id, 'status'), { status }, MessageBody);
export const setPlan = (id: string, activePlan: SuperadminPlanName) =>
  put(path(id, 'plan'), { activePlan }, MessageBody);
export const setVerification = (id: string, isWhatsappVerified: boolean) =>
  put(path(id, 'verification'), { isWhatsappVerified }, MessageBody);
export const setWhatsappNumber = (id: string, whatsappNumber: string) =>
  put(path(id, 'whatsapp-number'), { whatsappNumber }, MessageBody);
export const setAppName = (id: string, appName: string) => put(path(id, 'app-name'), { appName }, MessageBody);
export const setApiKey = (id: string, apiKey: string) => put(path(id, 'api-key'), { apiKey }, SetApiKeyResponse);
export const setProcessed = (id: string, processed: boolean) =>
  put(path(id, 'processed'), { processed }, SetProcessedResponse);

/** Money: one Idempotency-Key per user action, so a retried click adds once. */
export const addTemplateCredit = (id: string, amount: number, idempotencyKey: string) =>
  request(path(id, 'template-credit'), {
    method: 'POST',
    body: { amount },
    schema: AddTemplateCreditResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** The staff renewal of a monthly v3 plan (server module renewals). */
export const renewPlan = (id: string) => api.post(path(id, 'renew-plan'), {}, MessageBody);

/** Daily template limit, max agents and MAC quota (server module support-tickets). */
export const setAssistantFields = (body: SetAssistantFieldRequest) =>
  api.post('/superadmin/set-assistant-field', body, MessageBody);

export const creditsFromCache = (assistantId: string) =>
  api.post('/superadmin/get-credits-from-cache', { assistantId }, CreditsFromCacheResponse);
export const syncTemplateMessages = (assistantId: string) =>
  api.post('/superadmin/sync-template-messages', { assistantId }, StaffSyncTemplatesResponse);
export const migrateAllTemplates = (assistantId: string) =>
  api.post('/superadmin/migrate-all-templates', { assistantId }, MigrateTemplatesResponse);
