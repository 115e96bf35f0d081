import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button } from '@mui/material';
import { hasPermission, readOnlyText } from '@pc/contract';
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/session';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useBack } from '../../ui/useBack';
import { NotFoundPage } from '../errors/NotFoundPage';
import { TemplatesPanel } from './TemplatesPanel';
import { templateTexts as t } from './texts';
import { useTemplateProject } from './useTemplateProject';

/** /projects/{projectId}/manage/template-message: the Template messages screen (doc 2 section 2.3). */
export const TemplatesPage = () => {
  const { projectId = '' } = useParams();
  const { viewer } = useSession();
  const back = useBack(`/assistants/${encodeURIComponent(projectId)}?tab=templates`);
  const project = useTemplateProject(projectId);
  if (project.isPending) return <PageLoader />;
  if ((isApiError(project.error) && project.error.status === 404) || (project.isSuccess && !project.data))
    return <NotFoundPage inShell />;
  if (project.isError || !project.data)
    return <ErrorState error={project.error} fallback={t.loadFailed} onRetry={() => void project.refetch()} />;
  const canWrite = hasPermission(viewer, 'business.write');
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t.pageTitle(project.data.assistantName)}
        actions={
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={back}>
            {t.back}
          </Button>
        }
      />
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only">
          {readOnlyText('business.write')}
        </Alert>
      )}
      <TemplatesPanel project={project.data} canWrite={canWrite} />
    </Box>
  );
};
