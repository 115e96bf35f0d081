/** Query keys of the plan catalogues the actions choose from. */
export const actionKeys = {
  projectFamily: (projectId: string) => ['project', 'family', projectId] as const,
  planFamilies: ['plan-families'] as const,
  wccPlans: ['wcc-plans'] as const,
  paymentPlans: ['payment-plans'] as const,
};
