/** How the tenant floor holds for the bell's notifications (modules/notifications/notifications.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/notifications':
    "the session's partner's notifications for the team or the caller only, every query keyed by partner_id; another partner's list never shows (notifications.test.ts)",
  'GET /api/notifications/unread': "counted over the session's partner's and member's notifications only",
  'POST /api/notifications/:id/read':
    "another partner's or another member's notification answers 404 and marks nothing (notifications.test.ts)",
  'POST /api/notifications/read-all': "the session's member's read mark, under the session's partner",
  'GET /api/notifications/preferences': "the session's member's own preferences, under the session's partner",
  'PUT /api/notifications/preferences': "writes the session's member's own row, keyed by the session's partner",
};
