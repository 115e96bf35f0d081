import { Box, Paper, Typography } from '@mui/material';
import { qualityRatingDisplay, type ProjectDetail, formatDate } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { FbmMetaInfoResponse } from '@pc/contract';
import { texts } from '../texts';

const date = (v: string | null) => formatDate(v, texts.notSet);

/** The read-only Details tab (doc 2 section 2.1). */
export const DetailsTab = ({ project }: { project: ProjectDetail }) => {
  const manager = useQuery({
    queryKey: ['project', 'fbm', project.fbBusinessId],
    queryFn: () =>
      api.get(
        `/partner/fetch-fbm-meta-info?fbBusinessId=${encodeURIComponent(project.fbBusinessId ?? '')}&wabaId=${encodeURIComponent(project.wabaNumberId ?? '')}`,
        FbmMetaInfoResponse,
      ),
    enabled: Boolean(project.fbBusinessId),
    retry: false,
  });
  const rows: [string, string][] = [
    ['Phone Number', project.whatsappNumber ?? texts.notSet],
    ['Display Name', project.whatsAppDisplayName ?? texts.notSet],
    ['Display Name Status', project.displayNameStatus ?? texts.notSet],
    ['Channel Activated On', date(project.channelActivatedOn)],
    ['Messaging Limit', project.messagingLimit ?? texts.notSet],
    ['Quality Rating', project.qualityRating ? qualityRatingDisplay(project.qualityRating) : texts.notSet],
    ['Channel Number Id', project.wabaNumberId ?? texts.notSet],
    ['App Id', project.wabaAppId ?? texts.notSet],
    ['Business Manager Id', project.fbBusinessId ?? texts.notSet],
    ['Business Manager Name', manager.data?.businessInfo.name ?? project.fbBusinessName ?? texts.notSet],
    [
      'Business Manager Verification',
      manager.data?.businessInfo.verification_status ?? (project.fbManagerVerified ? 'verified' : texts.notSet),
    ],
    ['Disabled On', date(project.wabaAppStatus.waba_ban_date)],
    ['Plan Started On', date(project.planActivatedOn)],
    ['Plan Renewal On', date(project.planRenewalOn)],
    ['Plan Stopped On', date(project.planStoppedOn)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          columnGap: 4,
          rowGap: 1.5,
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
};
