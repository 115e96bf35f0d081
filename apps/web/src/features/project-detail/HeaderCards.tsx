import { Box, Button, Card, CardContent, Chip, Tooltip, Typography } from '@mui/material';
import {
  accountStatus,
  formatMoney,
  isChannelDisabled,
  metaAdsStatus,
  qualityRatingDisplay,
  showsQualityRating,
  type ProjectDetail,
} from '@pc/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { texts } from './texts';

// The campaign pre-flight: its chunk loads when it is opened, so the project page does not carry it.
const EstimateDialog = lazy(() => import('../wallet/EstimateDialog').then((m) => ({ default: m.EstimateDialog })));

const StatCard = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <Card variant="outlined" sx={{ flex: '1 1 150px', minWidth: 0 }} data-testid={testId}>
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ mt: 0.5, fontWeight: 700 }}>{children}</Box>
    </CardContent>
  </Card>
);

const ratingColor = { LOW: 'error', MEDIUM: 'warning', HIGH: 'success' } as const;

/** The header cards of doc 2 section 2.1, each state derived by the contract's rules. */
export const HeaderCards = ({ project }: { project: ProjectDetail }) => {
  const status = accountStatus(project.isWhatsappVerified);
  const ads = metaAdsStatus(project.adSetupDetails);
  const rating = qualityRatingDisplay(project.qualityRating);
  const creditLabel = project.partner.flags.pwcLabel ? 'PWC' : 'WCC';
  const [estimating, setEstimating] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <StatCard label={texts.accountStatus} testId="card-account-status">
        <Chip label={status} color={status === 'LIVE' ? 'success' : 'default'} size="small" />
      </StatCard>
      <StatCard label={texts.metaAds} testId="card-meta-ads">
        <Chip
          label={ads}
          size="small"
          color={ads === 'CONNECTED' ? 'success' : ads === 'PARTIALLY SETUP' ? 'warning' : 'default'}
          // "NOT CONNECTED" wraps in a half-width card on a phone instead of being cut off.
          sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      </StatCard>
      {showsQualityRating(project) && (
        <StatCard label={texts.qualityRating} testId="card-quality-rating">
          <Chip label={rating} size="small" color={ratingColor[rating]} />
        </StatCard>
      )}
      <StatCard label={`${texts.whatsappCredits} (${creditLabel})`} testId="card-credits">
        <Typography sx={{ fontWeight: 700 }}>{formatMoney(project.templateCredit, project.currency)}</Typography>
        <Button size="small" sx={{ ml: -0.75, mt: 0.25 }} onClick={() => setEstimating(true)}>
          Estimate campaign
        </Button>
      </StatCard>
      {estimating && (
        <Suspense fallback={null}>
          <EstimateDialog
            projectId={project._id}
            projectName={project.assistantName}
            currency={project.currency}
            defaultCountry={project.isoCode ?? 'IN'}
            onClose={() => setEstimating(false)}
          />
        </Suspense>
      )}
      {isChannelDisabled(project) && (
        <StatCard label={texts.accountStatus} testId="card-disabled">
          <Tooltip title={texts.disabledHelp}>
            <Chip label={texts.disabled} color="error" size="small" />
          </Tooltip>
        </StatCard>
      )}
    </Box>
  );
};
