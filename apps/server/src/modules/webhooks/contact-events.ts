import { createHash } from 'node:crypto';
import type { WebhookTopic } from '@pc/contract';
import type { WebhookEventInput } from './delivery/index.js';

/**
 * The payloads of the contact and chat topics, and of `message.sender.user`.
 *
 * The spec names the topics but defines no payloads: these are OUR design, modelled on what
 * WhatsApp platforms (Gupshup, Interakt, WATI) send, kept small and consistent. Every contact topic
 * carries `projectId`, `timestamp` (when it happened, ISO 8601, the envelope's too) and `contact`,
 * the contact as it is after the change: `{ id, phone, userId?, name?, tags?, attributes? }` (`phone`
 * in international form, digits only, as WhatsApp's `wa_id`, left out for a contact known only by
 * its business-scoped user id `userId`; `tags` and `attributes` only when it has some). Then one
 * field names what the topic is about:
 *
 * - `contact.created`: `source`, `WHATSAPP` (a message to or from the number) or `API` (the project API).
 * - `contact.attribute.updated`: `attribute: { key, oldValue, newValue }` (null when unset).
 * - `contact.chat.requesting`: `chat: { id, status: 'REQUESTING' }`: a user's message opened a chat
 *   that waits for an agent.
 * - `contact.chat.intervened`: `chat: { id, status: 'INTERVENED', agent: { id, name } }`: an agent took it.
 * - `contact.chat.closed`: `chat: { id, status: 'CLOSED', closedBy }`, `closedBy` being
 *   `{ type: 'AGENT', id, name }` or `{ type: 'SYSTEM' }` (closed on its own, e.g. left unanswered).
 * - `contact.campaign.sent` and `contact.campaign.read`: `campaign: { id, name }` and `messageId`,
 *   the campaign's message to the contact.
 * - `contact.first_message.added` and `contact.first_message.removed`: `firstMessage: { messageId }`,
 *   the user's message that opened the contact's current chat (added when the chat opens, removed
 *   when it closes).
 * - `contact.tag.added` and `contact.tag.removed`: `tag`.
 *
 * `message.sender.user`, a message from the user, is flat like the other `message.*` topics:
 * `{ messageId, projectId, from, name?, type: 'text', text, timestamp }` (`from` the user's phone,
 * `name` their WhatsApp profile name).
 */

/** A contact as the contact topics show it, after the change they tell. */
export type WebhookContact = {
  id: string;
  /** International form, digits only (WhatsApp's `wa_id`); left out when only the user id is known. */
  phone?: string;
  /** WhatsApp's business-scoped user id (`US.1349...`), when the contact is known by it. */
  userId?: string;
  name?: string;
  tags?: readonly string[];
  attributes?: Readonly<Record<string, string>>;
};

/**
 * The contact's id in webhook payloads: stable for a project and its user (phone digits or
 * business-scoped user id), whichever way the contact was met (there is no contacts table), so a
 * number first messaged through the project API keeps its id when the user writes back.
 */
export const contactIdOf = (projectId: string, user: string): string =>
  `ct_${createHash('sha256').update(`${projectId}|${user}`).digest('hex').slice(0, 16)}`;

/** Whose event it is and when it happened. */
export type EventBase = { partnerId: string; projectId: string; occurredAt: Date };

export type ContactSource = 'WHATSAPP' | 'API';
export type ChatAgent = { id: string; name: string };
export type ChatCloser = ({ type: 'AGENT' } & ChatAgent) | { type: 'SYSTEM' };
export type Campaign = { id: string; name: string };

/** A webhook event of a known topic. */
export type TopicEvent<T extends WebhookTopic = WebhookTopic> = WebhookEventInput & {
  type: T;
  occurredAt: Date;
};

const contactOf = (c: WebhookContact) => ({
  id: c.id,
  ...(c.phone ? { phone: c.phone } : {}),
  ...(c.userId ? { userId: c.userId } : {}),
  ...(c.name ? { name: c.name } : {}),
  ...(c.tags && c.tags.length > 0 ? { tags: [...c.tags] } : {}),
  ...(c.attributes && Object.keys(c.attributes).length > 0 ? { attributes: { ...c.attributes } } : {}),
});

const contactEvent = <T extends WebhookTopic>(
  type: T,
  base: EventBase,
  contact: WebhookContact,
  about: Record<string, unknown>,
): TopicEvent<T> => ({
  partnerId: base.partnerId,
  projectId: base.projectId,
  occurredAt: base.occurredAt,
  type,
  payload: {
    projectId: base.projectId,
    contact: contactOf(contact),
    ...about,
    timestamp: base.occurredAt.toISOString(),
  },
});

export const contactCreated = (base: EventBase, contact: WebhookContact, source: ContactSource) =>
  contactEvent('contact.created', base, contact, { source });

export const contactAttributeUpdated = (
  base: EventBase,
  contact: WebhookContact,
  attribute: { key: string; oldValue: string | null; newValue: string | null },
) =>
  contactEvent('contact.attribute.updated', base, contact, {
    attribute: { key: attribute.key, oldValue: attribute.oldValue, newValue: attribute.newValue },
  });

export const contactChatRequesting = (base: EventBase, contact: WebhookContact, chatId: string) =>
  contactEvent('contact.chat.requesting', base, contact, { chat: { id: chatId, status: 'REQUESTING' } });

export const contactChatIntervened = (base: EventBase, contact: WebhookContact, chatId: string, agent: ChatAgent) =>
  contactEvent('contact.chat.intervened', base, contact, {
    chat: { id: chatId, status: 'INTERVENED', agent: { id: agent.id, name: agent.name } },
  });

export const contactChatClosed = (base: EventBase, contact: WebhookContact, chatId: string, closedBy: ChatCloser) =>
  contactEvent('contact.chat.closed', base, contact, {
    chat: {
      id: chatId,
      status: 'CLOSED',
      closedBy:
        closedBy.type === 'AGENT' ? { type: 'AGENT', id: closedBy.id, name: closedBy.name } : { type: 'SYSTEM' },
    },
  });

export const contactCampaignSent = (base: EventBase, contact: WebhookContact, campaign: Campaign, messageId: string) =>
  contactEvent('contact.campaign.sent', base, contact, {
    campaign: { id: campaign.id, name: campaign.name },
    messageId,
  });

export const contactCampaignRead = (base: EventBase, contact: WebhookContact, campaign: Campaign, messageId: string) =>
  contactEvent('contact.campaign.read', base, contact, {
    campaign: { id: campaign.id, name: campaign.name },
    messageId,
  });

export const contactFirstMessageAdded = (base: EventBase, contact: WebhookContact, messageId: string) =>
  contactEvent('contact.first_message.added', base, contact, { firstMessage: { messageId } });

export const contactFirstMessageRemoved = (base: EventBase, contact: WebhookContact, messageId: string) =>
  contactEvent('contact.first_message.removed', base, contact, { firstMessage: { messageId } });

export const contactTagAdded = (base: EventBase, contact: WebhookContact, tag: string) =>
  contactEvent('contact.tag.added', base, contact, { tag });

export const contactTagRemoved = (base: EventBase, contact: WebhookContact, tag: string) =>
  contactEvent('contact.tag.removed', base, contact, { tag });

/** `message.sender.user`: a text message from the user to the project's number. */
export const messageSenderUser = (
  base: EventBase,
  message: { messageId: string; from: string; name?: string; text: string },
): TopicEvent<'message.sender.user'> => ({
  partnerId: base.partnerId,
  projectId: base.projectId,
  occurredAt: base.occurredAt,
  type: 'message.sender.user',
  payload: {
    messageId: message.messageId,
    projectId: base.projectId,
    from: message.from,
    ...(message.name ? { name: message.name } : {}),
    type: 'text',
    text: message.text,
    timestamp: base.occurredAt.toISOString(),
  },
});
