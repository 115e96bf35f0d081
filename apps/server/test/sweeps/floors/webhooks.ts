/**
 * How the tenant floor holds for the webhook and private-app calls (tenant-isolation-webhooks.test.ts)
 * and the delivery log's (modules/webhooks/delivery/console.test.ts).
 */
export const floor: Record<string, string> = {
  'GET /project/:projectId/partner/webhook': 'foreign project ids: 404',
  'GET /project/:projectId/webhooks': 'foreign project ids: 404',
  'POST /project/:projectId/webhook': 'foreign project ids: 404, nothing made; a partnerId in the body ignored',
  'PATCH /project/:projectId/webhook/:webhookId':
    "foreign project ids: 404; a webhook id must be the project's own: 404, nothing changed",
  'DELETE /project/:projectId/webhook/:webhookId':
    "foreign project ids: 404; a webhook id must be the project's own: 404, nothing deleted",
  'POST /project/:projectId/webhook/:webhookId/enable':
    "foreign project ids: 404; a webhook id must be the project's own: 404, nothing changed",
  'POST /project/:projectId/webhook/:webhookId/secret':
    "foreign project ids: 404; a webhook id must be the project's own: 404, the secret kept",
  'POST /project/:projectId/webhook-secret': "foreign project ids: 404; only the project's own webhooks are looked at",
  'GET /project/:projectId/webhook/:webhookId/deliveries':
    "foreign project ids: 404; a webhook id must be the project's own: 404",
  'GET /project/:projectId/webhook/:webhookId/deliveries/:deliveryId':
    "foreign project ids: 404; the webhook and the delivery must be the project's own: 404",
  'POST /project/:projectId/webhook/:webhookId/deliveries/:deliveryId/replay':
    "foreign project ids: 404; the webhook and the delivery must be the project's own: 404, nothing queued",
  'POST /project/:projectId/webhook/:webhookId/replay-failed':
    "foreign project ids: 404; a webhook id must be the project's own: 404, nothing queued",
  'POST /project/:projectId/webhook/:webhookId/test':
    "foreign project ids: 404; a webhook id must be the project's own: 404, nothing sent",
  'GET /project/:projectId/private-app': 'foreign project ids: 404',
  'POST /project/:projectId/private-app':
    "foreign project ids: 404; partnerId in the body ignored; clientId must be the project's business: 400",
  'PATCH /project/:projectId/private-app':
    "foreign project ids: 404; a privateAppId must be the project's own: 404, the password kept",
};
