import { messageSenderUser } from '../webhooks/contact-events.js';
import type { WebhookEventInput } from '../webhooks/delivery/index.js';
import type { Inbound } from './service-windows.js';

/** What newly recorded users' messages tell a project's webhooks: `message.sender.user` each. */
export const inboundWebhookEvents = (fresh: readonly Inbound[]): WebhookEventInput[] =>
  fresh.map((m) =>
    messageSenderUser(
      { partnerId: m.partnerId, projectId: m.projectId, occurredAt: m.at },
      { messageId: m.messageId, from: m.from, ...(m.name ? { name: m.name } : {}), text: m.text ?? '' },
    ),
  );
