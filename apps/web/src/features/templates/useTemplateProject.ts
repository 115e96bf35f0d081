import { useQuery } from '@tanstack/react-query';
import { fetchProject } from '../project-detail/api';
import { projectKeys } from '../project-detail/keys';

/** The project a templates route shows (the project page's own query, so its cache is shared). */
export const useTemplateProject = (projectId: string) =>
  useQuery({ queryKey: projectKeys.detail(projectId), queryFn: () => fetchProject(projectId), retry: false });
