import { z } from 'zod';

/**
 * GET /superadmin/meta-deliveries: what Meta's webhooks said that the console could not charge.
 * Ours: the platform's own screen, which the spec does not describe.
 */

/** How many rows each list answers at most: the newest. */
export const META_DELIVERIES_LIMIT = 100;

/** not_ours: nothing in the status names a project of the console; unknown_project: it names one that is not there. */
export const UnplacedReason = z.enum(['not_ours', 'unknown_project']);
export type UnplacedReason = z.infer<typeof UnplacedReason>;

/** A message status no project could be charged for, as Meta sent it. */
export const UnplacedStatus = z.object({
  messageId: z.string(),
  status: z.string(),
  recipient: z.string(),
  /** When Meta says it happened (ISO 8601). */
  occurredAt: z.iso.datetime({ offset: true }),
  reason: UnplacedReason,
  /** When the console received it (ISO 8601). */
  receivedAt: z.iso.datetime({ offset: true }),
  /** Meta's error of a failed message. */
  error: z.object({ code: z.number(), title: z.string() }).optional(),
});
export type UnplacedStatus = z.infer<typeof UnplacedStatus>;

/** Messages of one project whose Meta pricing named a category the console does not know (kept, not charged). */
export const UnknownCategoryGroup = z.object({
  /** The category as Meta named it. */
  category: z.string(),
  messages: z.number().int(),
  partnerName: z.string(),
  projectName: z.string(),
  /** The latest of those messages (ISO 8601). */
  lastAt: z.iso.datetime({ offset: true }),
});
export type UnknownCategoryGroup = z.infer<typeof UnknownCategoryGroup>;

export const MetaDeliveriesResponse = z.object({
  /** Newest received first, at most META_DELIVERIES_LIMIT. */
  unplacedStatuses: z.array(UnplacedStatus),
  /** By category, partner and project, the latest first, at most META_DELIVERIES_LIMIT. */
  unknownCategories: z.array(UnknownCategoryGroup),
});
export type MetaDeliveriesResponse = z.infer<typeof MetaDeliveriesResponse>;
