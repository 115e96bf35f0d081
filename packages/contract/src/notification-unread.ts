import { z } from 'zod';

// Apart from notifications.ts: the bell on every signed-in page reads this answer alone.

/** Counted up to this many; the bell shows "99+" beyond. */
export const NOTIFICATION_UNREAD_CAP = 100;

export const NotificationUnread = z.object({
  /** The member's unread notifications, at most NOTIFICATION_UNREAD_CAP. */
  unread: z.number().int(),
});
export type NotificationUnread = z.infer<typeof NotificationUnread>;
