import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoader } from '../../ui/PageLoader';
import type { ActionProps } from './actions/types';

export type { ActionProps };

/** The plan, credit, add-on and defaults components, loaded with the first of them the page shows (one chunk). */
const actions = () => import('./actions/index');
const slots = {
  PlanSetupTab: lazy(async () => ({ default: (await actions()).PlanSetupTab })),
  DefaultsConfigTab: lazy(async () => ({ default: (await actions()).DefaultsConfigTab })),
  AddonsManagementTab: lazy(async () => ({ default: (await actions()).AddonsManagementTab })),
  ProjectActionsMenu: lazy(async () => ({ default: (await actions()).ProjectActionsMenu })),
} satisfies Record<string, ComponentType<ActionProps>>;

/** One of the plan-and-credit components by its export name. */
export const ActionSlot = ({ name, ...props }: ActionProps & { name: keyof typeof slots }) => {
  const Component = slots[name];
  return (
    <Suspense fallback={<PageLoader />}>
      <Component {...props} />
    </Suspense>
  );
};
