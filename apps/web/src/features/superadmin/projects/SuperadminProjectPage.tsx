import { Box, Button, Chip, Link as MuiLink, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { accountStatus, messages, type SuperadminProject } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../ui/ErrorState';
import { PageLoader } from '../../../ui/PageLoader';
import { fetchProject } from './api';
import { StatusChip } from './columns';
import { superadminProjectKeys } from './keys';
import { ApiKeySection, AppNameSection, VerificationSection, WhatsappNumberSection } from './sections/ChannelSections';
import { CreditPlanSection } from './sections/CreditPlanSection';
import { LimitsSection } from './sections/LimitsSection';
import { CacheSection, TemplateCreditSection } from './sections/MoneySections';
import { ProcessedSection, StatusSection, TemplatesSection } from './sections/OperationSections';
import { screenTexts as t } from './texts';

const Header = ({ project }: { project: SuperadminProject }) => (
  <Box sx={{ mb: 3 }}>
    <Button component={Link} to="/assistants" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      {t.back}
    </Button>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {project.assistantName}
      </Typography>
      <StatusChip status={project.status} testId="staff-project-status" />
      <Chip
        size="small"
        label={accountStatus(project.isWhatsappVerified) === 'LIVE' ? t.live : t.draft}
        color={project.isWhatsappVerified ? 'success' : 'default'}
      />
    </Box>
    <Box sx={{ display: 'flex', gap: { xs: 0.5, sm: 2 }, flexWrap: 'wrap', mt: 0.5, color: 'text.secondary' }}>
      <Typography variant="body2">
        {t.partnerAccount}:{' '}
        <MuiLink component={Link} to={`/partner-accounts/${project.partnerId}`}>
          {project.partnerName}
        </MuiLink>
      </Typography>
      <Typography variant="body2">
        {t.business}: {project.businessName}
        {project.business.company && project.business.company !== project.businessName
          ? ` (${project.business.company})`
          : ''}
      </Typography>
    </Box>
  </Box>
);

/**
 * /assistants/{id} for the super-admin (doc 2 section 2.2): the project of any partner, each
 * section of the spec a card (one column on a phone), each calling the server. The sections
 * start from the project as loaded; they are keyed by it, so another project starts them anew.
 */
export const SuperadminProjectPage = () => {
  const { projectId = '' } = useParams();
  const query = useQuery({
    queryKey: superadminProjectKeys.project(projectId),
    queryFn: () => fetchProject(projectId),
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        fallback={messages.somethingWentWrongTryagain}
        onRetry={() => void query.refetch()}
      />
    );
  const project = query.data;
  const props = { project };
  return (
    <>
      <Header project={project} />
      {/* Cards flow down two columns (three on the widest screens), one on a phone; none is split. */}
      <Box
        key={project._id}
        sx={{ columns: { xs: 1, md: 2, lg: 3 }, columnGap: 2, '& > section': { breakInside: 'avoid', mb: 2 } }}
      >
        <CreditPlanSection {...props} />
        <TemplateCreditSection {...props} />
        <CacheSection {...props} />
        <StatusSection {...props} />
        <ProcessedSection {...props} />
        <VerificationSection {...props} />
        <WhatsappNumberSection {...props} />
        <AppNameSection {...props} />
        <ApiKeySection {...props} />
        <TemplatesSection {...props} />
        <LimitsSection {...props} />
      </Box>
    </>
  );
};
