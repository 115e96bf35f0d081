/** How the tenant floor holds for each report route (shown in modules/reports/reports-ranges.test.ts and tenant-isolation-businesses.test.ts). */
export const floor: Record<string, string> = {
  'POST /partner/:partnerId/partner-billing-report':
    "a foreign partner id in the path: 404 (path-partner.test.ts); foreign clientId or assistantId: 404; otherwise the session's partner's logs only",
  'POST /partner/:partnerId/partner-convo-report':
    "a foreign partner id in the path: 404 (path-partner.test.ts); the session's partner's conversations only",
  'POST /partner/:partnerId/business/:id/business-convo-report': 'foreign business ids: 404',
  'POST /partner/:partnerId/project/:projectId/project-convo-report': 'foreign project ids: 404',
};
