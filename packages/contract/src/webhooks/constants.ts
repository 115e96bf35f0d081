import { z } from 'zod';

/** Doc 2 section 9: the topics a webhook subscribes to from the project detail, in the spec's order. */
export const webhookTopics = [
  'message.created',
  'message.status.updated',
  'message.sender.user',
  'contact.created',
  'contact.attribute.updated',
  'contact.chat.intervened',
  'contact.chat.requesting',
  'contact.chat.closed',
  'contact.campaign.sent',
  'contact.campaign.read',
  'contact.first_message.added',
  'contact.first_message.removed',
  'contact.tag.added',
  'contact.tag.removed',
] as const;
export const WebhookTopic = z.enum(webhookTopics);
export type WebhookTopic = z.infer<typeof WebhookTopic>;

/** The management screen's edit dialog offers the same list without the three message.* topics. */
export const managementWebhookTopics = webhookTopics.filter((t) => !t.startsWith('message.'));

/** Doc 2 section 7.2: the Project Api tab's chat webhook. */
export const chatWebhookTopics = ['message.sender.user', 'message.status.updated'] as const satisfies WebhookTopic[];

/**
 * The chat webhook is one whose topics are the spec's two, no more and no fewer (doc 2 section
 * 7.2): what the Project Api tab subscribes. A webhook made on the Webhook tab with other topics is
 * not it, even with a message topic among them.
 */
export const isChatWebhook = (topics: readonly string[]): boolean => {
  const chat: readonly string[] = chatWebhookTopics;
  const distinct = new Set(topics);
  return distinct.size === chat.length && chat.every((topic) => distinct.has(topic));
};

/** Doc 2 sections 5.4 and 9. */
export const WEBHOOK_MAX_PER_PROJECT = 5;
export const WEBHOOK_URL_MAX = 2048;

/**
 * When a failed delivery is tried again (Standard Webhooks' example schedule, spec "Deliverability
 * and reliability"): each wait counted from the previous attempt's failure, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 14 h, 20 h, 24 h, so 10 attempts in all, then given up (FAILED) about 75 h 35 min (3
 * days) after the first. Each wait is lengthened by up to 10% (jitter); a receiver's `Retry-After`
 * (seconds or an HTTP date) that asks for longer than the wait is honoured, up to 24 h. A replay
 * starts the schedule afresh; a test event is tried once.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
] as const;
/**
 * How long a rotated-out secret still signs (beside the new one, space-delimited in
 * `webhook-signature`), so a receiver can switch secrets without losing a webhook.
 */
export const WEBHOOK_PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;
/** One attempt's limit: no answer within it counts as a failure. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 15_000;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 1_000;

/** A delivery of one event to one webhook: waiting (first try or a retry), delivered, or given up (dead letter). */
export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const WebhookDeliveryStatus = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** Why a webhook stopped receiving: its endpoint answered 410 Gone, or failed for the whole schedule. */
export const webhookDisabledReasons = ['GONE', 'FAILING'] as const;
export const WebhookDisabledReason = z.enum(webhookDisabledReasons);
export type WebhookDisabledReason = z.infer<typeof WebhookDisabledReason>;

/** The event type of the "Send test event" button; never produced otherwise. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
