import { z } from 'zod';
import { WEBHOOK_URL_MAX, WebhookDeliveryStatus, WebhookDisabledReason, webhookTopics } from './constants.js';

/**
 * The webhook and private-app calls (doc 2 section 7.2), and ours for the delivery console. Field
 * names are the spec's where it names them (topics, webhook_url, shared_secret, project_id,
 * created_at). Topics and URLs are judged by the use case, which answers with our messages.
 */

const id = z.string().trim().min(1).max(100);

export const CreateWebhookRequest = z.object({
  topics: z.array(z.string().max(100)).max(webhookTopics.length * 2),
  webhook_url: z.string().max(WEBHOOK_URL_MAX + 100),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** The project detail sends webhook_url only; the management screen sends webhook_url and topics. */
export const UpdateWebhookRequest = z.object({
  webhook_url: z.string().max(WEBHOOK_URL_MAX + 100),
  topics: z
    .array(z.string().max(100))
    .max(webhookTopics.length * 2)
    .optional(),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

/**
 * A webhook (doc 2 section 3). `shared_secret` (Standard Webhooks' `whsec_...`) is answered to
 * members with write access only, null to others. `status` is ours: a webhook whose endpoint
 * answered 410 or failed for the whole retry schedule is DISABLED until enabled again.
 */
export const Webhook = z.object({
  _id: z.string(),
  project_id: z.string(),
  topics: z.array(z.string()),
  webhook_url: z.string(),
  shared_secret: z.string().nullable(),
  /** Ours: until when the secret a rotation replaced is still signed with (and so accepted); null when none is. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['ENABLED', 'DISABLED']),
  disabledReason: WebhookDisabledReason.nullable(),
  disabledAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookListResponse = z.object({ webhooks: z.array(Webhook) });
export type WebhookListResponse = z.infer<typeof WebhookListResponse>;

export const WebhookResponse = z.object({ message: z.string(), webhook: Webhook });
export type WebhookResponse = z.infer<typeof WebhookResponse>;

export const WebhookPath = z.object({ projectId: id, webhookId: id });

// ---- The private app (the project API's credential) ----

/** GET /project/{projectId}/private-app: the app, never its password. */
export const PrivateApp = z.object({
  _id: z.string(),
  projectId: z.string(),
  clientId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PrivateApp = z.infer<typeof PrivateApp>;

export const PrivateAppResponse = z.object({ privateApp: PrivateApp.nullable() });
export type PrivateAppResponse = z.infer<typeof PrivateAppResponse>;

/** Create sends partnerId and clientId (doc 2 section 7.2); the partner is the session's all the same. */
export const CreatePrivateAppRequest = z.object({ partnerId: z.string().max(100).optional(), clientId: id });
export type CreatePrivateAppRequest = z.infer<typeof CreatePrivateAppRequest>;

/** Reset sends privateAppId: a new password, the old one refused from then on. */
export const ResetPrivateAppRequest = z.object({ privateAppId: id });
export type ResetPrivateAppRequest = z.infer<typeof ResetPrivateAppRequest>;

/** Create and reset answer the password once; only its hash is kept. */
export const PrivateAppPasswordResponse = z.object({
  message: z.string(),
  privateApp: PrivateApp,
  password: z.string(),
});
export type PrivateAppPasswordResponse = z.infer<typeof PrivateAppPasswordResponse>;

// ---- The delivery console (ours) ----

export const WebhookAttempt = z.object({
  _id: z.string(),
  attemptedAt: z.string(),
  /** The receiver's status code; null when no answer came (timeout, refused connection, blocked address). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The first characters of the answer, or what went wrong. */
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  _id: z.string(),
  webhookId: z.string(),
  /** Standard Webhooks' `webhook-id`: the same on every attempt and replay, for the receiver to deduplicate. */
  eventId: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryQuery = z.object({
  status: WebhookDeliveryStatus.optional(),
  /** Opaque: the last page's `next`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookDeliveryListResponse = z.object({
  deliveries: z.array(WebhookDelivery),
  next: z.string().nullable(),
});
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponse>;

export const WebhookDeliveryDetail = WebhookDelivery.extend({
  payload: z.unknown(),
  attemptLog: z.array(WebhookAttempt),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

/** Replay every FAILED delivery of the webhook created in [from, to] (ISO instants). */
export const ReplayFailedRequest = z.object({ from: z.iso.datetime(), to: z.iso.datetime() });
export type ReplayFailedRequest = z.infer<typeof ReplayFailedRequest>;

export const ReplayResponse = z.object({ message: z.string(), queued: z.number().int() });
export type ReplayResponse = z.infer<typeof ReplayResponse>;

export const WebhookMessageResponse = z.object({ message: z.string() });
