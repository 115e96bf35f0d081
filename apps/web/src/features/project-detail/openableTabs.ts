import { hasPermission, type ProjectTabName, type Viewer } from '@pc/contract';

/**
 * The project's tabs this viewer can open (the server refuses the rest): Billings reads the billing
 * logs (Billings View); Analytics reads the usage figures (Dashboard View), which referral users do
 * not get. A tab its user cannot open is not shown, rather than shown to fail.
 */
export const openableTabs = (tabs: ProjectTabName[], viewer: Viewer | null): ProjectTabName[] =>
  tabs.filter((tab) => {
    if (tab === 'Billings') return hasPermission(viewer, 'billings.read');
    if (tab === 'Analytics') return hasPermission(viewer, 'dashboard.read') && !viewer?.isReferral;
    return true;
  });
