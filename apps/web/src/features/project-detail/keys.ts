export const projectKeys = {
  all: ['project'] as const,
  detail: (projectId: string) => [...projectKeys.all, 'detail', projectId] as const,
  business: (businessId: string) => [...projectKeys.all, 'business', businessId] as const,
  directProfile: (projectId: string) => [...projectKeys.all, 'direct-profile', projectId] as const,
  onboarding: (projectId: string) => [...projectKeys.all, 'onboarding', projectId] as const,
  sandboxPhone: (projectId: string) => [...projectKeys.all, 'sandbox-phone', projectId] as const,
};
