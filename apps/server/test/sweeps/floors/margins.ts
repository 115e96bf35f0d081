/** How the tenant floor holds for the margin report (modules/margins/margins.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/margins':
    "the session's partner's margin rows only: each partner's totals equal its own ledger (margins.test.ts)",
  'POST /api/margins/report': "the session's partner's day rows only (the same scope as GET /api/margins)",
};
