/** How the tenant floor holds for the onboarding calls (tenant-isolation-onboarding.test.ts). */
export const floor: Record<string, string> = {
  'GET /partner/:partnerId/onboarding/:projectId': 'foreign project ids: 404',
  'POST /partner/:partnerId/register-with-pin': 'foreign assistantId: 404, nothing registered or counted',
  'POST /partner/:partnerId/verify-code': 'foreign assistantId: 404, nothing verified',
  'POST /partner/:partnerId/trigger-code': 'foreign assistantId: 404, no code sent',
  'POST /partner/:partnerId/waba-app-id-health-check': 'foreign assistantId: 404, nothing kept',
  'POST /partner/:partnerId/waba-number-id-health-check': 'foreign assistantId: 404, nothing kept',
  'GET /partner/:partnerId/sandbox-phone/:projectId': 'foreign project ids: 404 (no inbox shown)',
  'POST /partner/:partnerId/sandbox-phone/:projectId/turn-off-two-step': 'foreign project ids: 404, nothing changed',
};
