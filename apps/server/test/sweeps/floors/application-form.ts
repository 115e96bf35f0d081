/** How the tenant floor holds for the application form's calls (modules/application-form/application-form.test.ts). */
export const floor: Record<string, string> = {
  'GET /partner/:partnerId/application-form-config':
    "the platform's configuration, the same for every partner: no tenant data",
  'POST /partner/:partnerId/project/:projectId/application-form': 'foreign project ids: 404, nothing kept',
};
