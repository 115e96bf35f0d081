/** How the tenant floor holds for the wallet (modules/wallet/wallet.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/wallet':
    "the session's partner's central balance and projects only: another partner's projects never listed (wallet.test.ts)",
  'PUT /api/wallet/threshold': "the session's partner's central balance only: no id in the request",
  'DELETE /api/wallet/threshold': "the session's partner's central balance only: no id in the request",
  'PUT /api/wallet/projects/:projectId/threshold': "another partner's project: 404, nothing written (wallet.test.ts)",
  'DELETE /api/wallet/projects/:projectId/threshold':
    "another partner's project: 404, nothing deleted (the same check as PUT)",
  'POST /api/projects/:projectId/campaign-estimate':
    "another partner's project: 404 (wallet.test.ts); it reads and changes nothing",
};
