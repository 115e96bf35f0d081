import { z } from 'zod';
import { messageStatuses } from '@pc/contract';
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
  recipient_id: z.string().min(1).max(40),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.number().int(), title: z.string().max(500).default('') })).optional(),
});

// No cap on the count: Meta batches up to a thousand updates, and a larger delivery is taken whole
// (the body limit bounds its size), never dropped.
const MessagesValue = z.object({ statuses: z.array(z.unknown()).optional() });

export const MESSAGES_FIELD = 'messages';

export const statusReportsOf = (value: unknown): MessageStatusReport[] => {
  const statuses = MessagesValue.safeParse(value).data?.statuses ?? [];
  return statuses.flatMap((entry) => {
    const s = MetaStatus.safeParse(entry).data;
    if (!s) return [];
    const error = s.errors?.[0];
    return [
      {
        messageId: s.id,
        status: s.status,
        timestamp: new Date(s.timestamp * 1000).toISOString(),
        recipient: s.recipient_id,
        callbackData: s.biz_opaque_callback_data ?? '',
        ...(error ? { error: { code: error.code, title: error.title } } : {}),
      },
    ];
  });
};
