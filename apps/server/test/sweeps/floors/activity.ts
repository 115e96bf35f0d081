/** How the tenant floor holds for the activity log (modules/activity/activity.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/activity-log':
    "the session's partner's entries only, every query keyed by it; the super-admin's log is another route (activity.test.ts)",
};
