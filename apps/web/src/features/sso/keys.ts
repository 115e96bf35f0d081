export const ssoKeys = {
  settings: () => ['sso', 'settings'] as const,
};
