import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button } from '@mui/material';
import { hasPermission, readOnlyText, visibleProjectTabs, webhookMessages, type ProjectDetail } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/session';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useBack } from '../../ui/useBack';
import { NotFoundPage } from '../errors/NotFoundPage';
import { fetchProject } from '../project-detail/api';
import { projectKeys } from '../project-detail/keys';
import { webhookTexts as t } from './texts';

type Props = {
  projectId: string;
  title: (project: ProjectDetail) => string;
  /** Where Back leads when the page was opened directly. */
  backTo: string;
  children: (project: ProjectDetail) => ReactNode;
};

/**
 * A webhook screen of one project (management, delivery console): the project (the project page's
 * own query, so its cache is shared), its title and Back, the read-only notice, and the page only
 * where the project's Webhook tab shows (doc 2 section 2.1); an unknown project is not found.
 */
export const ProjectScreen = ({ projectId, title, backTo, children }: Props) => {
  const { viewer } = useSession();
  const back = useBack(backTo);
  const project = useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => fetchProject(projectId),
    retry: false,
  });
  if (project.isPending) return <PageLoader />;
  if ((isApiError(project.error) && project.error.status === 404) || (project.isSuccess && !project.data))
    return <NotFoundPage inShell />;
  if (project.isError || !project.data)
    return (
      <ErrorState error={project.error} fallback={webhookMessages.failed} onRetry={() => void project.refetch()} />
    );
  const allowed = visibleProjectTabs(project.data).includes('Webhook');
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={title(project.data)}
        actions={
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={back}>
            {t.back}
          </Button>
        }
      />
      {!hasPermission(viewer, 'business.write') && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only">
          {readOnlyText('business.write')}
        </Alert>
      )}
      {allowed ? (
        children(project.data)
      ) : (
        <Alert severity="info" data-testid="webhooks-not-allowed">
          {webhookMessages.notAllowed}
        </Alert>
      )}
    </Box>
  );
};
