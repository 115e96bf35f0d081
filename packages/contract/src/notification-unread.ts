import { z } from 'zod';

// Apart from notifications.ts: the bell on every signed-in page reads this answer alone.

export const NotificationUnread = z.object({
  /** The member's unread notifications, at most NOTIFICATION_UNREAD_CAP. */
  unread: z.number().int(),
});
export type NotificationUnread = z.infer<typeof NotificationUnread>;
