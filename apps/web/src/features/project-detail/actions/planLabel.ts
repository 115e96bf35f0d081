/** FREE_FOREVER is the Starter Plan (doc 3 section 3); other plan names read as words ("Pro Monthly"). */
export const planLabel = (plan: string | null | undefined): string => {
  if (!plan || plan === 'NONE') return 'No plan yet';
  if (plan === 'FREE_FOREVER') return 'Starter Plan';
  return plan
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
};
