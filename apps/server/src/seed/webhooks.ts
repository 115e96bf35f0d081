import { newId } from '../platform/db/ids.js';
import type { DbOrTx } from '../platform/db/open.js';
import { webhooks } from '../platform/db/schema.js';
import { SANDBOX_RECEIVER_PATH } from '../modules/webhooks/sandbox-receiver.js';
import { newWebhookSecret, type SecretBox } from '../modules/webhooks/secret.js';
import { emitWebhookEvents, type WebhookEventInput } from '../modules/webhooks/delivery/index.js';
import {
  contactCampaignSent,
  contactChatClosed,
  contactChatRequesting,
  contactCreated,
  contactTagAdded,
  type WebhookContact,
} from '../modules/webhooks/contact-events.js';
import { DAY, type DemoProjects } from './demo-world.js';

const MINUTE = 60_000;

/** Metro Clinics' webhooks (it has the WEBHOOKS add-on), each at the sandbox receiver's way of answering. */
const book = [
  { mode: 'ok', daysAgo: 70, topics: ['message.created', 'message.status.updated', 'contact.created'] },
  { mode: 'flaky', daysAgo: 21, topics: ['contact.chat.requesting', 'contact.chat.closed', 'contact.tag.added'] },
  { mode: 'gone', daysAgo: 9, topics: ['contact.campaign.sent', 'contact.campaign.read'] },
] as const;

/** What happened at Metro Clinics in the hour before the start, for the webhooks above to be told. */
const recentEvents = (projectId: string, partnerId: string, now: Date): WebhookEventInput[] => {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const names = ['Asha Rao', 'Vikram Shah', 'Meera Iyer', 'Kabir Das'];
  const contact = (n: number): WebhookContact => ({
    id: `ct_metro_${n}`,
    phone: `9198200${String(41000 + n)}`,
    name: names[n - 1]!,
  });
  const base = { projectId, partnerId };
  const when = (minutesAgo: number) => ({ ...base, occurredAt: at(minutesAgo) });
  const events: WebhookEventInput[] = [];
  for (let n = 1; n <= 4; n += 1) {
    const c = contact(n);
    events.push(contactCreated(when(60 - n * 7), c, 'WHATSAPP'));
    const messageId = `wamid.metro.${n}`;
    const message = {
      messageId,
      projectId,
      recipient: c.phone,
      category: 'utility',
      initiator: 'business',
      country: 'IN',
    };
    events.push({ ...base, type: 'message.created', occurredAt: at(58 - n * 7), payload: message });
    events.push({
      ...base,
      type: 'message.status.updated',
      occurredAt: at(57 - n * 7),
      payload: { ...message, status: 'delivered' },
    });
  }
  events.push(contactChatRequesting(when(25), contact(2), 'chat_metro_1'));
  events.push(contactTagAdded(when(20), { ...contact(2), tags: ['follow-up'] }, 'follow-up'));
  events.push(
    contactChatClosed(when(12), { ...contact(2), tags: ['follow-up'] }, 'chat_metro_1', {
      type: 'AGENT',
      id: 'ag_metro_front_desk',
      name: 'Front desk',
    }),
  );
  events.push(
    contactCampaignSent(when(5), contact(3), { id: 'cmp_flu_2026', name: 'Flu shot reminder' }, 'wamid.metro.flu.3'),
  );
  return events;
};

/**
 * The demo's webhooks: Metro Clinics' three, pointing at this server's sandbox receiver (one that
 * answers 200, one that is busy on a first attempt, one that is gone), and the last hour's events
 * for them in the outbox. The jobs table delivers them once the server runs: the delivery log
 * then shows deliveries, a retry honouring Retry-After, and a webhook disabled by a 410 (its
 * owner mailed).
 */
export const seedDemoWebhooks = async (
  tx: DbOrTx,
  opts: { now: Date; publicUrl: string; projects: DemoProjects; box: SecretBox },
) => {
  const metro = opts.projects['Metro Clinics'];
  if (!metro) return;
  await tx.insert(webhooks).values(
    book.map((w) => ({
      id: newId(),
      partnerId: metro.partnerId,
      projectId: metro.id,
      topics: [...w.topics],
      url: `${opts.publicUrl}${SANDBOX_RECEIVER_PATH}/${w.mode}`,
      secret: opts.box.seal(newWebhookSecret()),
      createdAt: new Date(opts.now.getTime() - w.daysAgo * DAY),
      updatedAt: new Date(opts.now.getTime() - w.daysAgo * DAY),
    })),
  );
  await emitWebhookEvents(tx, recentEvents(metro.id, metro.partnerId, opts.now), { now: opts.now });
};
