/** How the tenant floor holds for each business and plan-catalogue route (shown in tenant-isolation-businesses.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/allbusiness-lists': "the session's partner's businesses only",
  'GET /api/partner-referral-allbusiness-lists': 'partnerReferralId ignored: the session decides',
  'POST /api/business-lists': "the session's partner's businesses only",
  'POST /api/partner-referral-business-lists': 'partnerReferralId ignored: the session decides',
  'POST /api/business-counts': "the session's partner's businesses only",
  'POST /partner/:partnerId/business/': 'a foreign partner id in the path: 404 (path-partner.test.ts)',
  'POST /partner/:partnerId/business/create':
    'a foreign partner id in the path: 404 (path-partner.test.ts); foreign plan ids: 404',
  'GET /partner/:partnerId/business/:id': 'foreign business ids: 404',
  'PATCH /partner/:partnerId/business/:id': 'foreign business ids: 404',
  'POST /api/business-projects': 'foreign business ids (clientId): 404',
  'POST /api/delete-business/:id': 'foreign business ids: 404',
  'POST /api/reset-business-password': 'foreign business ids (clientId): 404',
  'POST /partner/:partnerId/business/:businessId/project': 'foreign business ids and plan ids: 404',
  'GET /api/get-partner-plan-families': "the session's partner's families only",
  'GET /api/get-partner-wcc-plans': "the session's partner's families only",
  'GET /api/whatsapp-payments-plans': "the session's partner's plans only",
};
