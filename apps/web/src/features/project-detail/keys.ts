export const projectKeys = {
  all: ['project'] as const,
  detail: (projectId: string) => [...projectKeys.all, 'detail', projectId] as const,
  business: (businessId: string) => [...projectKeys.all, 'business', businessId] as const,
  directProfile: (projectId: string) => [...projectKeys.all, 'direct-profile', projectId] as const,
};
