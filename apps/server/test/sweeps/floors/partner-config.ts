/** How the tenant floor holds for the Manage settings (modules/partner-config/config.test.ts). */
export const floor: Record<string, string> = {
  'PATCH /api/update-partner-config':
    "changes the session's partner only; a default family id of another partner: 404 (the lookup is by partner and id)",
};
