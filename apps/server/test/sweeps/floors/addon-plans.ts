/** How the tenant floor holds for the Add-on plan list (modules/addon-plans/*.test.ts). */
export const floor: Record<string, string> = {
  'GET /api/aisensy-addon-plans': "the provider's catalogue: the same for every partner, nothing of a partner's",
  'POST /api/update-addon-plan':
    "changes the session's partner's add-on plans only; an add-on it does not offer: 404 (read from its own row)",
};
