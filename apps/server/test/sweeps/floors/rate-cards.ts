/** How the tenant floor holds for the rate cards (modules/rate-cards/partner.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/rate-cards/upcoming':
    "the cards are the provider's, the same for every partner; the families, answers and volumes are the session partner's only",
  'PUT /api/rate-cards/:id/families/:familyId':
    "the family is looked up by the session's partner and id: another partner's family, or an unknown card: 404, nothing written",
};
