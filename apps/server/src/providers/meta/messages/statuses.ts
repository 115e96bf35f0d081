import { z } from 'zod';
import { MetaPricing, messageStatuses } from '@pc/contract';
import type { MessageStatusReport } from './messages.js';

/**
 * Meta's `messages` webhook (field `messages` of a WhatsApp Business Account) as the statuses of
 * sent messages: each entry of its `statuses` array is one status of one message. Its `timestamp`
 * is Unix seconds as a string; `biz_opaque_callback_data` is what the send carried. Messages sent
 * to the business (the `messages` array) and statuses this console does not record (Meta's
 * `deleted`, `warning`) are left out; an entry of another shape is skipped, not refused, since a
 * refused delivery is retried by Meta for days.
 */

const MetaStatus = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(messageStatuses),
  timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative().max(1e12)]).transform(Number),
  // A message sent to a business-scoped user id comes back with `recipient_user_id` instead.
  recipient_id: z.string().min(1).max(40).optional(),
  recipient_user_id: z.string().min(1).max(140).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.number().int(), title: z.string().max(500).default('') })).optional(),
  // A pricing object of an unexpected shape is left out rather than the status dropped.
  pricing: z.unknown().optional(),
});

// No cap on the count: Meta batches up to a thousand updates, and a larger delivery is taken whole
// (the body limit bounds its size), never dropped.
const MessagesValue = z.object({ statuses: z.array(z.unknown()).optional() });

export const MESSAGES_FIELD = 'messages';

export const statusReportsOf = (value: unknown): MessageStatusReport[] => {
  const statuses = MessagesValue.safeParse(value).data?.statuses ?? [];
  return statuses.flatMap((entry) => {
    const s = MetaStatus.safeParse(entry).data;
    const recipient = s?.recipient_id ?? s?.recipient_user_id;
    if (!s || !recipient) return [];
    const error = s.errors?.[0];
    const pricing = MetaPricing.safeParse(s.pricing).data;
    return [
      {
        messageId: s.id,
        status: s.status,
        timestamp: new Date(s.timestamp * 1000).toISOString(),
        recipient,
        callbackData: s.biz_opaque_callback_data ?? '',
        ...(error ? { error: { code: error.code, title: error.title } } : {}),
        ...(pricing ? { pricing } : {}),
      },
    ];
  });
};
