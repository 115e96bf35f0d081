/** How the tenant floor holds for each billings route (shown in tenant-isolation-billings.test.ts). */
export const floor: Record<string, string> = {
  'POST /api/partner-billing-activity-lists': "the session's partner's logs only; a foreign assistantId: 404",
  'GET /api/partner-name/:assistantId': 'foreign project ids: 404',
  'GET /api/:partnerId/partnerbilling-lists/:billingId':
    'a foreign partner id in the path: 404 (path-partner.test.ts); foreign billing ids: 404',
};
