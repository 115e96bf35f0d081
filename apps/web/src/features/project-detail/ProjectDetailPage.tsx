import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, IconButton, Paper, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { hasPermission, readOnlyText, visibleProjectTabs, type ProjectDetail, type ProjectTabName } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../ui/lazyPage';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import { isApiError } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { NotFoundPage } from '../errors/NotFoundPage';
import { useBack } from '../../ui/useBack';
import { ActionSlot, type ActionProps } from './ActionSlot';
import { fetchProject } from './api';
import { BusinessDetailsBox } from './BusinessDetailsBox';
import { RenameDialog } from './dialogs/RenameDialog';
import { AccountNotices } from './AccountNotices';
import { HeaderCards } from './HeaderCards';
import { projectKeys } from './keys';
import { openableTabs } from './openableTabs';
import { DetailsTab } from './tabs/DetailsTab';
import { ProjectAnalytics } from '../analytics/ProjectAnalytics';
import { ProfileTab } from './tabs/ProfileTab';
import { SetupTab } from './tabs/SetupTab';
import { texts } from './texts';
import { ProjectBillings } from '../billings/ProjectBillings';

// The templates feature (its dialog, validator and preview) loads with its tab only.
const TemplatesTab = lazyPage(() => import('../templates/TemplatesTab'), 'TemplatesTab');
// So do the webhook list and its dialogs, and the project API's credential and chat webhook.
const WebhookTab = lazyPage(() => import('../webhooks/WebhookTab'), 'WebhookTab');
const ProjectApiTab = lazyPage(() => import('../webhooks/project-api/ProjectApiTab'), 'ProjectApiTab');
// And the Meta Ad tab with its Facebook login.
const MetaAdTab = lazyPage(() => import('./meta-ad/MetaAdTab'), 'MetaAdTab');
// The project's support tickets, under its details.
const ProjectTickets = lazyPage(() => import('../support-tickets/ProjectTickets'), 'ProjectTickets');

const slug = (tab: string) => tab.toLowerCase().replace(/\s+/g, '-');

const TabBody = ({ tab, ...props }: ActionProps & { tab: ProjectTabName }) => {
  switch (tab) {
    case 'Setup':
      return <SetupTab {...props} />;
    case 'Details':
      return (
        <>
          <DetailsTab project={props.project} />
          <Suspense fallback={<PageLoader />}>
            <ProjectTickets project={props.project} canWrite={props.canWrite} />
          </Suspense>
        </>
      );
    case 'Profile':
      return <ProfileTab {...props} />;
    case 'Analytics':
      return <ProjectAnalytics project={props.project} />;
    case 'Plan Setup':
      return <ActionSlot name="PlanSetupTab" {...props} />;
    case 'Defaults Config':
      return <ActionSlot name="DefaultsConfigTab" {...props} />;
    case 'Billings':
      return <ProjectBillings projectId={props.project._id} />;
    case 'Templates':
      return (
        <Suspense fallback={<PageLoader />}>
          <TemplatesTab project={props.project} canWrite={props.canWrite} />
        </Suspense>
      );
    case 'Addons Management':
      return <ActionSlot name="AddonsManagementTab" {...props} />;
    case 'Webhook':
      return (
        <Suspense fallback={<PageLoader />}>
          <WebhookTab project={props.project} />
        </Suspense>
      );
    case 'Project Api':
      return (
        <Suspense fallback={<PageLoader />}>
          <ProjectApiTab project={props.project} />
        </Suspense>
      );
    case 'Meta Ad':
      return (
        <Suspense fallback={<PageLoader />}>
          <MetaAdTab project={props.project} canWrite={props.canWrite} />
        </Suspense>
      );
  }
};

const ProjectView = ({ project }: { project: ProjectDetail }) => {
  const { partner, viewer } = useSession();
  const navigate = useNavigate();
  const back = useBack('/assistants');
  const [search, setSearch] = useSearchParams();
  const [renaming, setRenaming] = useState(false);
  const canWrite = hasPermission(viewer, 'business.write');
  const tabs = openableTabs(visibleProjectTabs(project), viewer);
  const current = tabs.find((t) => slug(t) === search.get('tab')) ?? 'Setup';
  const props: ActionProps = { project, partner, canWrite };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Tooltip title={texts.back}>
          <IconButton aria-label={texts.back} onClick={back}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
          {project.assistantName}
        </Typography>
        {canWrite && (
          <Tooltip title={texts.rename}>
            <IconButton aria-label={texts.rename} size="small" onClick={() => setRenaming(true)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" onClick={() => navigate(`/businesses/${project.clientId}`)}>
          {texts.goToBusiness}
        </Button>
        <ActionSlot name="ProjectActionsMenu" {...props} />
      </Box>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only">
          {readOnlyText('business.write')}
        </Alert>
      )}
      <HeaderCards project={project} />
      <AccountNotices state={project.metaAccount} />
      <BusinessDetailsBox businessId={project.clientId} />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_, value: ProjectTabName) => setSearch({ tab: slug(value) }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Project tabs"
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={t} />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" aria-label={current}>
        <TabBody tab={current} {...props} />
      </Box>
      {renaming && <RenameDialog project={project} onClose={() => setRenaming(false)} />}
    </>
  );
};

/** /assistants/{projectId}: the project detail page (doc 2 section 2.1). */
export const ProjectDetailPage = () => {
  const { projectId = '' } = useParams();
  const project = useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => fetchProject(projectId),
    retry: false,
  });
  if (project.isPending) return <PageLoader />;
  // An unknown or another partner's id is not found; a failed load says so and offers Retry.
  if (isApiError(project.error) && project.error.status === 404) return <NotFoundPage inShell />;
  if (project.isError)
    return <ErrorState error={project.error} fallback={texts.loadFailed} onRetry={() => void project.refetch()} />;
  return <ProjectView project={project.data} />;
};
