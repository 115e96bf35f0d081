import { Navigate, useParams } from 'react-router';

/**
 * /projects/{projectId}/dashboard, where the Meta Ad tab links (doc 3 section 2): the console's page
 * of the project is /assistants/{projectId}, so the link lands there.
 */
export const ProjectDashboardRedirect = () => {
  const { projectId = '' } = useParams();
  return <Navigate to={`/assistants/${encodeURIComponent(projectId)}`} replace />;
};
