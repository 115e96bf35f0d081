import { Paper, Typography } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import type { Partner, ProjectDetail } from '@pc/contract';
import { PageLoader } from '../../ui/PageLoader';
import { texts } from './texts';

/** What the plan-and-credit components get: the project (with its partner as the page needs it), the session's partner, write access. */
export type ActionProps = { project: ProjectDetail; partner: Partner | null; canWrite: boolean };

// The plan-and-credit part builds these in ./actions; until its index exists the tab shows its name.
const modules = import.meta.glob<Record<string, ComponentType<ActionProps>>>('./actions/index.ts');
const load = modules['./actions/index.ts'];

const cache = new Map<string, ComponentType<ActionProps>>();
const lazyAction = (name: string): ComponentType<ActionProps> | null => {
  if (!load) return null;
  let found = cache.get(name);
  if (!found) {
    found = lazy(async () => {
      const component = (await load())[name];
      return { default: component ?? (() => null) };
    });
    cache.set(name, found);
  }
  return found;
};

export const hasAction = (name: string) => Boolean(load) && name.length > 0;

export const TitledPlaceholder = ({ title }: { title: string }) => (
  <Paper variant="outlined" sx={{ p: 3 }}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    <Typography color="text.secondary">{texts.comingSoon}</Typography>
  </Paper>
);

/** One of the plan-and-credit components by its export name, or a placeholder titled `title`. */
export const ActionSlot = ({ name, title, ...props }: ActionProps & { name: string; title?: string }) => {
  const Component = lazyAction(name);
  if (!Component) return title ? <TitledPlaceholder title={title} /> : null;
  return (
    <Suspense fallback={<PageLoader />}>
      <Component {...props} />
    </Suspense>
  );
};
