/** How the tenant floor holds for each route of the project detail page (tested in tenant-isolation-projects.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/get-project/:projectId': 'foreign project ids: 404',
  'GET /api/get-business-details/:businessId': 'foreign business ids: 404',
  'GET /partner/fetch-fbm-meta-info': "only a business manager one of the partner's projects uses: 404 otherwise",
  'GET /api/get-phone-details/:projectId': 'foreign project ids: 404',
  'POST /partner/:partnerId/sync-channel-status':
    'a foreign partner id in the path: 404 (path-partner.test.ts); foreign assistantId: 404',
  'PATCH /partner/:partnerId/project/:projectId':
    'a foreign partner id in the path: 404 (path-partner.test.ts); foreign project ids: 404',
  'PATCH /api/update-project-agent-size': 'foreign project ids in the body: 404',
  'PATCH /partner/:partnerId/project/:projectId/migrate':
    'foreign project ids and foreign or archived target businesses: 404',
  'POST /api/generate-waba-link/': 'foreign assistantId: 404; partnerId and businessId in the body ignored',
  'POST /api/generate-connect-ads-link': 'foreign assistantId: 404; partnerId and agentId in the body ignored',
  'POST /api/generate-waba-migration-link/': 'foreign assistantId: 404; partnerId in the body ignored',
  'POST /api/generate-connect-catalog-link/': 'foreign assistantId: 404; partnerId in the body ignored',
  'POST /partner/submit-kyc': 'foreign assistantId: 404, nothing stored',
  'POST /project/:projectId/get-upload-url': 'foreign project ids: 404; storage keys start with the caller partner',
  'POST /project/:projectId/update-business-profile':
    "foreign project ids: 404; filePath must be the caller's own upload",
  'GET /api/direct-api-partner/profile/:projectId': 'foreign project ids: 404',
  'PATCH /api/direct-api-partner/profile': 'foreign project ids in the body: 404',
};
