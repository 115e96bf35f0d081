import type { ProjectDetail } from '@pc/contract';
import { AnalyticsView } from './AnalyticsView';

/** The project detail's Analytics tab: the Analytics page's components for one project. */
export const ProjectAnalytics = ({ project }: { project: ProjectDetail }) => (
  <AnalyticsView projectId={project._id} currency={project.currency} />
);
