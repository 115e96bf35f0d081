/** How the tenant floor holds for the risk board (modules/risk/risk.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/risk':
    "the session's partner's projects only, from its own rollups; another partner's business as a filter is 404 (risk.test.ts)",
};
