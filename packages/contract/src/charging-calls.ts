import { z } from 'zod';

/** The messaging platform's message events: POST /platform/message-events. */
export const messageStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export const messageEventCategories = ['marketing', 'utility', 'authentication', 'service'] as const;
export const conversationInitiators = ['business', 'user'] as const;
export const MESSAGE_EVENTS_MAX_BATCH = 1000;
/** The header that carries the platform key (PLATFORM_API_KEY). */
export const PLATFORM_KEY_HEADER = 'x-platform-key';

export const MessageEvent = z.object({
  messageId: z.string().trim().min(1).max(200),
  projectId: z.string().trim().min(1).max(100),
  status: z.enum(messageStatuses),
  category: z.enum(messageEventCategories),
  initiator: z.enum(conversationInitiators),
  /** ISO 3166 alpha-2 code of the recipient's country; prices fall back to "default". */
  country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code'),
  /** The recipient's number: a conversation is per project, category and recipient. */
  recipient: z.string().trim().min(1).max(40).optional(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type MessageEvent = z.infer<typeof MessageEvent>;

export const MessageEventsRequest = z.object({ events: z.array(MessageEvent).min(1).max(MESSAGE_EVENTS_MAX_BATCH) });
export type MessageEventsRequest = z.infer<typeof MessageEventsRequest>;

export const MessageEventsResponse = z.object({
  /** Events recorded now. */
  accepted: z.number().int(),
  /** Events already recorded earlier (same message id and status): nothing changed. */
  duplicates: z.number().int(),
  /** Conversations opened (and charged, free or unbilled) by this batch. */
  conversations: z.number().int(),
  /** Events naming no known project. */
  rejected: z.array(z.object({ messageId: z.string(), reason: z.string() })),
});
export type MessageEventsResponse = z.infer<typeof MessageEventsResponse>;

export const invalidPlatformKey = 'Invalid platform key.';
export const unknownProjectReason = 'Unknown project.';
