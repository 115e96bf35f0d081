import { isBsuid } from '@pc/contract';
import type { MetaMessagesProvider } from './messages.js';
import { metaApiErrorOf } from '../graph-error.js';

/**
 * The real message client (META_MODE=live): the WhatsApp Cloud API's `POST /{phone-number-id}/messages`
 * with the system user's token. A phone number goes in `to`, a business-scoped user id in
 * `recipient` (Meta's "Business-scoped user IDs" page: "BSUIDs must now be assigned to dedicated
 * properties/fields in message send requests"; given both, Meta would take `to`). Meta's error
 * envelope becomes a MetaApiError with its code and user texts. The statuses of a sent message come
 * later as Meta's webhooks, not from this client.
 */

export type GraphMessagesOptions = { graphUrl: string; token: string; now: () => Date };

const TIMEOUT_MS = 15_000;

type SendAnswer = {
  messaging_product?: string;
  contacts?: { input?: string; wa_id?: string; user_id?: string }[];
  messages?: { id?: string; message_status?: string }[];
  error?: unknown;
};

export const createGraphMetaMessages = (o: GraphMessagesOptions): MetaMessagesProvider => {
  const base = o.graphUrl.replace(/\/$/, '');
  return {
    mode: 'live',
    sendTemplate: async (m) => {
      const res = await fetch(`${base}/${encodeURIComponent(m.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          ...(isBsuid(m.to) ? { recipient: m.to } : { to: m.to }),
          type: 'template',
          template: {
            name: m.template.name,
            language: { code: m.template.language },
            ...(m.template.components.length > 0 ? { components: m.template.components } : {}),
          },
          biz_opaque_callback_data: m.callbackData,
        }),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = (await res.json().catch(() => null)) as SendAnswer | null;
      if (!res.ok || !body || body.error) throw metaApiErrorOf(res.status, body);
      const messageId = body.messages?.[0]?.id;
      // A 200 without a message id is not an acceptance we can follow.
      if (!messageId) throw metaApiErrorOf(502, { error: { message: 'The Graph API answered no message id' } });
      return { messageId, acceptedAt: o.now() };
    },
    jobHandlers: {},
  };
};
