import { planKeys } from '../create-business/keys';

/**
 * The partner's families share the plan catalogue's keys (the create dialogs and Configure Plan
 * Family read the same lists), so a family created here shows there too. The provider's catalogue
 * is this page's own.
 */
export const familyKeys = planKeys;

export const providerKeys = {
  all: ['provider-catalogue'] as const,
  plans: () => [...providerKeys.all, 'plans'] as const,
  wcc: () => [...providerKeys.all, 'wcc'] as const,
  payments: () => [...providerKeys.all, 'payments'] as const,
};
