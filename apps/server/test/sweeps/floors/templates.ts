/** How the tenant floor holds for the template calls (tenant-isolation-templates.test.ts). */
export const floor: Record<string, string> = {
  'POST /project/:projectId/wa_template': "foreign project ids: 404; a draftId must be the project's own draft: 404",
  'PUT /project/:projectId/wa_template/:templateId': 'foreign project ids and template ids: 404, nothing changed',
  'POST /api/template-lists': "foreign assistantId: 404; the project's templates only",
  'GET /api/:userId/template-detials/:templateId':
    "a userId other than the session's agent or partner: 404; foreign template ids: 404",
  'POST /project/:projectId/wa_template/draft': 'foreign project ids and draft ids: 404, nothing changed',
  'DELETE /project/:projectId/wa_template/draft/:draftId': 'foreign project ids and draft ids: 404, nothing deleted',
  'GET /project/:projectId/template-lint-context': 'foreign project ids: 404',
  'POST /api/get-upload-url': 'foreign assistantId: 404; storage keys start with the caller partner',
  'POST /api/save-media-details':
    "foreign assistantId: 404; s3Path must be the caller's own sample media of that project: 404 otherwise",
  'POST /api/direct-api-partner/templates': 'foreign projectId in the body: 404',
  'POST /api/direct-api-partner/templates/project/:projectId':
    'foreign project ids: 404 (a projectId in the body is not used)',
  'POST /api/direct-api-partner/templates/search': 'foreign projectId in the body: 404',
  'POST /partner/:partnerId/sync-templates':
    'a foreign partner id in the path: 404 (path-partner.test.ts); foreign assistantId: 404, no cool-down taken (sync.test.ts)',
};
