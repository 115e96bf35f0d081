/** How the tenant floor holds for each route of sign-in, profile, roles and team (tested in tenant-isolation.test.ts). */
export const floor: Record<string, string> = {
  'POST /api/disable-partner-agent': 'foreign agent ids: 404',
  'POST /api/modify-partner-agent': 'foreign agent ids and role names: 404',
  'POST /api/edit-role': 'foreign role names: 404',
  'POST /api/create-partner-agent': 'foreign role names: 404',
  'POST /api/create-role': 'names are per partner',
  'GET /api/get-all-roles': "the session's partner's roles only",
  'POST /api/fetch-partner-agents': "partnerId in the body ignored; sessions of the session's partner's agents only",
  'POST /api/get-profile': "the session's partner; its roles all for the owner, a member's own only",
  'PATCH /api/profile-update': "the session's partner; ids in the body ignored",
  'GET /api/me': 'the caller only',
  'POST /auth/password-reset': 'the caller only',
  'POST /auth/sign-out': "the caller's session only",
};
