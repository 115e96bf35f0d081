import type { MessageEvent } from '@pc/contract';
import type { WebhookEventInput } from '../webhooks/delivery/index.js';

type Recorded = MessageEvent & { at: Date; country: string };

/**
 * What a batch of newly recorded message events tells a project's webhooks: every status change is
 * `message.status.updated`, and a message sent is also `message.created` (with the conversation it
 * opened or joined). Duplicates were dropped before this, so a retried batch tells nothing twice.
 */
export const messageWebhookEvents = (
  fresh: readonly Recorded[],
  partnerOf: (projectId: string) => string,
  conversationOf: ReadonlyMap<string, string>,
): WebhookEventInput[] =>
  fresh.flatMap((e) => {
    const data = {
      messageId: e.messageId,
      projectId: e.projectId,
      recipient: e.recipient ?? null,
      category: e.category,
      initiator: e.initiator,
      country: e.country,
      timestamp: e.at.toISOString(),
    };
    const base = { partnerId: partnerOf(e.projectId), projectId: e.projectId, occurredAt: e.at };
    const status: WebhookEventInput = {
      ...base,
      type: 'message.status.updated',
      payload: { ...data, status: e.status },
    };
    if (e.status !== 'sent') return [status];
    const conversationId = conversationOf.get(e.messageId) ?? null;
    return [{ ...base, type: 'message.created', payload: { ...data, conversationId } }, status];
  });
