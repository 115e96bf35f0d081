import { contactCreated, contactIdOf, messageSenderUser, type WebhookContact } from '../webhooks/contact-events.js';
import type { WebhookEventInput } from '../webhooks/delivery/index.js';
import { senderKey } from './new-contacts.js';
import { recipientKey, type Inbound } from './service-windows.js';

/**
 * What newly recorded users' messages tell a project's webhooks: `message.sender.user` each, and
 * for a sender new to the project (`newContacts`, keys of senderKey) one `contact.created` (source
 * WHATSAPP) at its earliest message's time, before its messages. Meta's webhooks tell no more of a
 * contact than its number (or business-scoped user id) and profile name, so that is all it carries:
 * chats, tags, attributes and campaigns are the platform's inbox's, which the console does not see.
 */
export const inboundWebhookEvents = (
  fresh: readonly Inbound[],
  newContacts: ReadonlySet<string>,
): WebhookEventInput[] => {
  const created = new Map<string, { first: Inbound; name?: string }>();
  for (const m of fresh) {
    const key = senderKey(m);
    if (!newContacts.has(key)) continue;
    const seen = created.get(key);
    const first = !seen || m.at < seen.first.at ? m : seen.first;
    const name = seen?.name || m.name || undefined;
    created.set(key, { first, ...(name ? { name } : {}) });
  }
  const events: WebhookEventInput[] = [];
  for (const m of fresh) {
    const key = senderKey(m);
    const contact = created.get(key);
    if (contact) {
      created.delete(key);
      events.push(contactCreated(baseOf(contact.first), contactOf(contact.first, contact.name), 'WHATSAPP'));
    }
    events.push(
      messageSenderUser(baseOf(m), {
        messageId: m.messageId,
        from: m.from,
        ...(m.name ? { name: m.name } : {}),
        text: m.text ?? '',
      }),
    );
  }
  return events;
};

const baseOf = (m: Inbound) => ({ partnerId: m.partnerId, projectId: m.projectId, occurredAt: m.at });

/** A phone number as digits (`phone`), else the business-scoped user id (`userId`), as Meta wrote it. */
const contactOf = (first: Inbound, name: string | undefined): WebhookContact => {
  const user = recipientKey(first.from);
  return {
    id: contactIdOf(first.projectId, user),
    ...(/^\d+$/.test(user) ? { phone: user } : { userId: user }),
    ...(name ? { name } : {}),
  };
};
