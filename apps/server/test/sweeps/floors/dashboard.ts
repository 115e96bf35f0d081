/** How the tenant floor holds for the dashboard and analytics calls (tenant-isolation-dashboard.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/dashboard-summary': "the session's partner's balance and live projects only",
  'GET /api/dashboard-usage': "the session's partner's usage rows only",
  'GET /partner/:partnerId/wcc-analytics':
    'a foreign partner id in the path: 404 (path-partner.test.ts); foreign projectId: 404',
};
