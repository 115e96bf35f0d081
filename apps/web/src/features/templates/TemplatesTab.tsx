import type { ProjectDetail } from '@pc/contract';
import { TemplatesPanel } from './TemplatesPanel';

/** The project detail's Templates tab (doc 2 section 2.1): the template list, loaded with the tab. */
export const TemplatesTab = ({ project, canWrite }: { project: ProjectDetail; canWrite: boolean }) => (
  <TemplatesPanel project={project} canWrite={canWrite} />
);
