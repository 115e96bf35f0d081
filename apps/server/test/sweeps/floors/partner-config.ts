/** How the tenant floor holds for the Manage settings (modules/partner-config/*.test.ts). */
export const floor: Record<string, string> = {
  'PATCH /api/update-partner-config':
    "changes the session's partner only; a default family id of another partner: 404 (the lookup is by partner and id)",
  'GET /api/get-profile-color': "the session's partner's colours only",
  'POST /api/update-profile-color': "changes the session's partner's colours only",
  'POST /api/update-partner-billing-details': "changes the session's partner's billing details only",
};
