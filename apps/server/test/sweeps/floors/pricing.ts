/** How the tenant floor holds for the pricing calls (modules/pricing/pricing.test.ts, "another partner"). */
export const floor: Record<string, string> = {
  'GET /api/get-aisensy-plan-family-pricing/:projectId':
    "the provider's catalogue, the same for every partner; a project id must be the partner's own, else 404",
  'GET /api/get-aisensy-wcc-pricing/:placeholder': "the provider's catalogue, the same for every partner",
  'GET /api/aisensy-whatsapp-payments-plans': "the provider's catalogue, the same for every partner",
  'POST /api/create-partner-plan-family': "written under the session's partner; a foreign partnerId in the body: 404",
  'PATCH /api/update-partner-plan-families': 'a foreign family id: 404, nothing changed',
  'POST /api/create-partner-wcc-plan': "written under the session's partner; a foreign partnerId in the body: 404",
  'PATCH /api/update-partner-wcc-families': 'a foreign family id: 404 (the lookup is by partner and id)',
  'POST /api/whatsapp-payments-plans': "written under the session's partner; a foreign partnerId in the body: 404",
  'PATCH /api/whatsapp-payments-plans/:id': 'a foreign family id: 404 (the lookup is by partner and id)',
};
