import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import { formatMoney, metaAdsTexts as m, type ProjectDetail } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { prepareFacebookLogin } from '../../../lib/facebook-login';
import { ErrorState } from '../../../ui/ErrorState';
import { PageLoader } from '../../../ui/PageLoader';
import { fetchMetaAdTab } from './api';
import { AssetsSection } from './AssetsSection';
import { BudgetsSection } from './BudgetsSection';
import { FacebookSection } from './FacebookSection';
import { metaAdKeys } from './keys';
import { adTexts as t } from './texts';
import { WhatsappSection } from './WhatsappSection';

/**
 * The project's Meta Ad tab (doc 3 section 2, "Per-project Meta Ads settings"): Connect Facebook,
 * the ad account and page (frozen or not), the WhatsApp number's link, the budgets, the Meta Ads
 * credit, and the project's dashboard. Loaded with the tab.
 */
export const MetaAdTab = ({ project, canWrite }: { project: ProjectDetail; canWrite: boolean }) => {
  const projectId = project._id;
  const tab = useQuery({
    queryKey: metaAdKeys.tab(projectId),
    queryFn: () => fetchMetaAdTab(projectId),
    retry: false,
  });
  const facebook = tab.data?.facebookLogin;
  // The SDK, when the server uses it, loads ahead of the click, so the click can open the login.
  useEffect(() => {
    if (facebook) prepareFacebookLogin(facebook);
  }, [facebook]);

  if (tab.isPending) return <PageLoader />;
  if (tab.isError) return <ErrorState error={tab.error} fallback={t.loadFailed} onRetry={() => void tab.refetch()} />;
  const data = tab.data.assistantData;
  const props = { projectId, data, canWrite };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {data.adsPausedForCredit && (
        <Alert severity="warning" data-testid="ads-paused">
          {m.creditRanOut(project.assistantName)}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
            {t.credit}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="meta-ads-credit">
            {formatMoney(data.metaAdsCredit, data.currency)}
          </Typography>
        </Box>
        <Link component={RouterLink} to={`/projects/${projectId}/dashboard`}>
          {t.openDashboard}
        </Link>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <FacebookSection {...props} facebook={tab.data.facebookLogin} />
        <AssetsSection {...props} />
        <WhatsappSection {...props} />
        <BudgetsSection {...props} />
      </Box>
    </Box>
  );
};
