/** How the tenant floor holds for the partner's support ticket calls (modules/support-tickets/raise.test.ts). */
export const floor: Record<string, string> = {
  'POST /api/support-tickets':
    "foreign or deleted project ids: 404, nothing written; a template id must be the project's own: 404, nothing written",
  'GET /api/support-tickets': "foreign project ids: 404; only the project's own tickets are read",
};
