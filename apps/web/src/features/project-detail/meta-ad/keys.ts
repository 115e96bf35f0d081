/** The Meta Ad tab's queries: the tab's data, and the connected Facebook user's assets. */
export const metaAdKeys = {
  all: ['meta-ad'] as const,
  tab: (projectId: string) => [...metaAdKeys.all, 'tab', projectId] as const,
  assets: (projectId: string) => [...metaAdKeys.all, 'assets', projectId] as const,
  adAccounts: (projectId: string, fbUserId: string) =>
    [...metaAdKeys.assets(projectId), 'ad-accounts', fbUserId] as const,
  pages: (projectId: string, fbUserId: string) => [...metaAdKeys.assets(projectId), 'pages', fbUserId] as const,
};
