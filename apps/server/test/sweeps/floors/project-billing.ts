/** How the tenant floor holds for the project plan, credit, add-on, defaults, delete and status calls (tenant-isolation-project-billing.test.ts). */
export const floor: Record<string, string> = {
  'PATCH /partner/:partnerId/project/:projectId/billing/wcc':
    'foreign project ids: 404; a foreign partner id in the path: 404 (path-partner.test.ts)',
  'PATCH /partner/:partnerId/project/:projectId/billing/pwc':
    'foreign project ids: 404; a foreign partner id in the path: 404 (path-partner.test.ts)',
  'PATCH /partner/:partnerId/project/:projectId/billing/adCredit':
    'foreign project ids: 404; a foreign partner id in the path: 404 (path-partner.test.ts)',
  'PATCH /partner/:partnerId/project/:projectId/billing/switch-plan': 'foreign project ids and plan family ids: 404',
  'PATCH /partner/:partnerId/project/:projectId/billing/reactivate-project':
    'foreign project ids and plan family ids: 404',
  'PATCH /partner/:partnerId/stop-project-billing/:projectId': 'foreign project ids: 404',
  'PATCH /api/update-project-wcc-plan': 'foreign project ids and WCC plan ids: 404',
  'PATCH /api/whatsapp-payments-plans/set-plan': 'foreign project ids and payment plan ids: 404',
  'GET /api/get-partner-plan-family/:projectId': 'foreign project ids: 404',
  'POST /api/delete-project/:id': 'foreign project ids: 404',
  'PUT /api/change-project-status': 'foreign project ids: 404; partnerId in the body ignored',
  'POST /api/set-default-configs': 'foreign project ids: 404',
  'POST /partner/:partnerId/project/:id/addon':
    "foreign project ids: 404; add-ons the caller's partner does not offer: 404",
  'PATCH /partner/:partnerId/project/:id/addon': 'foreign project ids: 404',
  'DELETE /partner/:partnerId/project/:id/addon': 'foreign project ids: 404',
};
