import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import { Button, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission, type Partner } from '@pc/contract';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { fetchAppConfig } from '../../brand/api';
import { brandKeys } from '../../brand/keys';
import { useSignedInBrand } from '../../brand/useSignedInBrand';
import { sessionKeys } from '../../session/keys';
import { useSession } from '../../session/session';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { useAfterFirstPaint } from '../../ui/useAfterFirstPaint';
import { fetchDashboardSummary } from './api';
import { BalanceSection } from './BalanceSection';
import { bannerFiguresBehind } from './bannerFigures';
import { dashboardKeys } from './keys';
import { ReferralLinkCard } from './ReferralLinkCard';
import { dashboardTexts } from './texts';
import { UsageSection } from './UsageSection';

// Loaded once the balance is painted: neither its code nor its two calls share a phone's network and
// main thread with the balance and the notices above it.
const MarginCard = lazy(() => import('../margins/MarginCard').then((m) => ({ default: m.MarginCard })));

/** Balance, usage and live accounts for partners; referral users get their link only (spec doc 1 section 2). */
const PartnerFigures = () => {
  // The margin card needs the billings section's read right (the Margins page's).
  const canSeeMargins = hasPermission(useSession().viewer, 'billings.read');
  const summary = useQuery({ queryKey: dashboardKeys.summary(), queryFn: fetchDashboardSummary });
  // What lies below the balance (below a phone's first screen) is rendered once the balance is painted.
  const balancePainted = useAfterFirstPaint(summary.data !== undefined);
  const queryClient = useQueryClient();
  // Fresh figures here refresh the session's partner, so the low-balance and suspended banners agree
  // with the Current Balance shown. Checked once per new summary (the partner is read, not watched).
  useEffect(() => {
    if (bannerFiguresBehind(queryClient.getQueryData<Partner>(sessionKeys.partner()), summary.data))
      void queryClient.invalidateQueries({ queryKey: sessionKeys.partner() });
  }, [summary.data, queryClient]);
  if (summary.isError)
    return (
      <ErrorState error={summary.error} fallback={dashboardTexts.loadFailed} onRetry={() => void summary.refetch()} />
    );
  return (
    <>
      <BalanceSection summary={summary.data} />
      {canSeeMargins && balancePainted && (
        <Suspense fallback={null}>
          <MarginCard />
        </Suspense>
      )}
      {summary.data && balancePainted && <UsageSection currency={summary.data.currency} />}
    </>
  );
};

export const DashboardPage = () => {
  const { partner, viewer } = useSession();
  const brand = useSignedInBrand(partner);
  const isReferral = viewer?.isReferral === true;
  const helpCenterUrl = useQuery({ queryKey: brandKeys.appConfig(), queryFn: fetchAppConfig, staleTime: Infinity }).data
    ?.helpCenterUrl;

  const helpCenter =
    brand.isTenantBrand || !helpCenterUrl ? null : (
      <Button
        variant="outlined"
        startIcon={<HelpOutlineIcon />}
        href={helpCenterUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        {dashboardTexts.helpCenter}
      </Button>
    );
  const analytics = isReferral ? null : (
    <Button variant="outlined" startIcon={<InsightsIcon />} component={Link} to="/analytics">
      {dashboardTexts.analytics}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          helpCenter || analytics ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {analytics}
              {helpCenter}
            </Stack>
          ) : null
        }
      />
      <Stack spacing={2}>
        {isReferral && partner?.referralLink && <ReferralLinkCard link={partner.referralLink} />}
        {!isReferral && <PartnerFigures />}
      </Stack>
    </>
  );
};
