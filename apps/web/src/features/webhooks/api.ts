import {
  PrivateAppPasswordResponse,
  PrivateAppResponse,
  ReplayResponse,
  WebhookDeliveryDetail,
  WebhookDeliveryListResponse,
  WebhookListResponse,
  WebhookMessageResponse,
  WebhookResponse,
  type CreatePrivateAppRequest,
  type CreateWebhookRequest,
  type ReplayFailedRequest,
  type UpdateWebhookRequest,
  type WebhookDeliveryStatus,
} from '@pc/contract';
import { api, request } from '../../api/client';

const enc = encodeURIComponent;
const project = (projectId: string) => `/project/${enc(projectId)}`;
const webhook = (projectId: string, webhookId: string) => `${project(projectId)}/webhook/${enc(webhookId)}`;

// Doc 2 section 7.2: the project detail lists with the first, the management screen with the second.
export const fetchProjectWebhooks = (projectId: string) =>
  api.get(`${project(projectId)}/partner/webhook`, WebhookListResponse);
export const fetchManagedWebhooks = (projectId: string) =>
  api.get(`${project(projectId)}/webhooks`, WebhookListResponse);

export const createWebhook = (projectId: string, body: CreateWebhookRequest) =>
  api.post(`${project(projectId)}/webhook`, body, WebhookResponse);
export const updateWebhook = (projectId: string, webhookId: string, body: UpdateWebhookRequest) =>
  api.patch(webhook(projectId, webhookId), body, WebhookResponse);
export const deleteWebhook = (projectId: string, webhookId: string) =>
  request(webhook(projectId, webhookId), { method: 'DELETE', schema: WebhookMessageResponse });
export const enableWebhook = (projectId: string, webhookId: string) =>
  api.post(`${webhook(projectId, webhookId)}/enable`, {}, WebhookResponse);
/** The Project Api tab's Generate: a new shared secret for the chat webhook. */
export const generateWebhookSecret = (projectId: string) =>
  api.post(`${project(projectId)}/webhook-secret`, {}, WebhookResponse);

export const fetchPrivateApp = (projectId: string) => api.get(`${project(projectId)}/private-app`, PrivateAppResponse);
export const createPrivateApp = (projectId: string, body: CreatePrivateAppRequest) =>
  api.post(`${project(projectId)}/private-app`, body, PrivateAppPasswordResponse);
export const resetPrivateApp = (projectId: string, privateAppId: string) =>
  api.patch(`${project(projectId)}/private-app`, { privateAppId }, PrivateAppPasswordResponse);

// The delivery console (ours).
export const fetchDeliveries = (
  projectId: string,
  webhookId: string,
  query: { status?: WebhookDeliveryStatus; cursor?: string; limit: number },
) => {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.status) params.set('status', query.status);
  if (query.cursor) params.set('cursor', query.cursor);
  return api.get(`${webhook(projectId, webhookId)}/deliveries?${params.toString()}`, WebhookDeliveryListResponse);
};
export const fetchDelivery = (projectId: string, webhookId: string, deliveryId: string) =>
  api.get(`${webhook(projectId, webhookId)}/deliveries/${enc(deliveryId)}`, WebhookDeliveryDetail);
export const replayDelivery = (projectId: string, webhookId: string, deliveryId: string) =>
  api.post(`${webhook(projectId, webhookId)}/deliveries/${enc(deliveryId)}/replay`, {}, ReplayResponse);
export const replayFailed = (projectId: string, webhookId: string, body: ReplayFailedRequest) =>
  api.post(`${webhook(projectId, webhookId)}/replay-failed`, body, ReplayResponse);
export const sendTestEvent = (projectId: string, webhookId: string) =>
  api.post(`${webhook(projectId, webhookId)}/test`, {}, WebhookMessageResponse);
