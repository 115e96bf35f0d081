import { Button, Paper, Stack, Typography } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { useSignedInBrand } from '../../app/branding/useSignedInBrand';
import { useSession } from '../../app/session/session';
import { PageHeader } from '../../ui/PageHeader';
import { ReferralLinkCard } from './ReferralLinkCard';
import { useQuery } from '@tanstack/react-query';
import { fetchAppConfig } from '../../app/branding/api';
import { brandKeys } from '../../app/branding/keys';
import { dashboardTexts } from './texts';

/** The dashboard's figures come in a later issue; referral users already get their link here. */
export const DashboardPage = () => {
  const { partner, viewer } = useSession();
  const brand = useSignedInBrand(partner);
  const isReferral = viewer?.isReferral === true;
  const helpCenterUrl = useQuery({ queryKey: brandKeys.appConfig(), queryFn: fetchAppConfig, staleTime: Infinity }).data?.helpCenterUrl;

  const helpCenter = brand.isTenantBrand || !helpCenterUrl ? null : (
    <Button variant="outlined" startIcon={<HelpOutlineIcon />} href={helpCenterUrl} target="_blank" rel="noopener noreferrer">
      {dashboardTexts.helpCenter}
    </Button>
  );

  return (
    <>
      <PageHeader title="Dashboard" actions={helpCenter} />
      <Stack spacing={2}>
        {isReferral && partner?.referralLink && <ReferralLinkCard link={partner.referralLink} />}
        {!isReferral && (
          <Paper sx={{ p: 3 }}>
            <Typography color="text.secondary">{dashboardTexts.comingSoon}</Typography>
          </Paper>
        )}
      </Stack>
    </>
  );
};
