import { z } from 'zod';

/** The messaging platform's message events: POST /platform/message-events. */
export const messageStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export const messageEventCategories = ['marketing', 'utility', 'authentication', 'service'] as const;
export const conversationInitiators = ['business', 'user'] as const;
export const MESSAGE_EVENTS_MAX_BATCH = 1000;
/** The header that carries the platform key (PLATFORM_API_KEY). */
export const PLATFORM_KEY_HEADER = 'x-platform-key';

export const noMessageEvents = 'Send at least one event or inbound message.';

/**
 * Meta's `pricing` object of a message status webhook, kept as Meta words it: `billable` (being
 * deprecated), `pricing_model` (CBP or PMP), `type` (regular, free_customer_service,
 * free_entry_point, ...) and `category` (marketing, utility, authentication,
 * authentication-international, service, ...).
 */
export const MetaPricing = z.object({
  billable: z.boolean().optional(),
  pricing_model: z.string().trim().min(1).max(20),
  type: z.string().trim().max(60).optional(),
  category: z.string().trim().min(1).max(60),
});
export type MetaPricing = z.infer<typeof MetaPricing>;

export const MessageEvent = z.object({
  messageId: z.string().trim().min(1).max(200),
  projectId: z.string().trim().min(1).max(100),
  status: z.enum(messageStatuses),
  category: z.enum(messageEventCategories),
  initiator: z.enum(conversationInitiators),
  /** ISO 3166 alpha-2 code of the recipient's country; prices fall back to "default". */
  country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code'),
  /**
   * The recipient: a phone number, or a business-scoped user id (Meta's BSUID, e.g.
   * `US.13491208655302741918`). A conversation is per project, category and recipient.
   */
  recipient: z.string().trim().min(1).max(140).optional(),
  timestamp: z.iso.datetime({ offset: true }),
  /**
   * What Meta said of the message's price on this status (its status webhook's `pricing` object,
   * in Meta's own words): when present it decides whether the message is billed and in which
   * category (docs/charging.md).
   */
  pricing: MetaPricing.optional(),
});
export type MessageEvent = z.infer<typeof MessageEvent>;

/**
 * A message a WhatsApp user sent to a project's number: it opens or refreshes the 24-hour customer
 * service window with that user (docs/charging.md).
 */
export const InboundMessage = z.object({
  messageId: z.string().trim().min(1).max(200),
  projectId: z.string().trim().min(1).max(100),
  /** The sender: a phone number or a business-scoped user id. */
  from: z.string().trim().min(1).max(140),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code'),
  timestamp: z.iso.datetime({ offset: true }),
  /** The user came from a Click to WhatsApp ad or a Page's call-to-action (Meta's `referral`). */
  entryPoint: z.boolean().optional(),
  /** The user's profile name, and what they wrote (a text, a button's or a reply's title), for the project's webhooks. */
  name: z.string().max(200).optional(),
  text: z.string().max(4096).optional(),
});
export type InboundMessage = z.infer<typeof InboundMessage>;

export const MessageEventsRequest = z
  .object({
    events: z.array(MessageEvent).max(MESSAGE_EVENTS_MAX_BATCH).default([]),
    inbound: z.array(InboundMessage).max(MESSAGE_EVENTS_MAX_BATCH).default([]),
  })
  .refine((r) => r.events.length + r.inbound.length > 0, { message: noMessageEvents, path: ['events'] });
export type MessageEventsRequest = z.infer<typeof MessageEventsRequest>;

export const MessageEventsResponse = z.object({
  /** Events recorded now. */
  accepted: z.number().int(),
  /** Events already recorded earlier (same message id and status): nothing changed. */
  duplicates: z.number().int(),
  /** Conversations opened (and charged, free or unbilled) by this batch: Meta's pricing before 1 July 2025. */
  conversations: z.number().int(),
  /** Messages priced one by one (charged, free or unbilled) by this batch: Meta's pricing since 1 July 2025. */
  messages: z.number().int(),
  /** Inbound messages recorded (a repeat of one already recorded is not counted). */
  inbound: z.number().int(),
  /** Events naming no known project. */
  rejected: z.array(z.object({ messageId: z.string(), reason: z.string() })),
});
export type MessageEventsResponse = z.infer<typeof MessageEventsResponse>;

export const invalidPlatformKey = 'Invalid platform key.';
export const unknownProjectReason = 'Unknown project.';
