/** How the tenant floor holds for single sign-on (modules/sso/sso.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/sso-settings': "the session's partner's secret state only (its last 4 characters, never the secret)",
};
