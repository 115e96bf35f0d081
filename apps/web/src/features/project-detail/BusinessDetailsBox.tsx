import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { fetchBusinessDetails } from './api';
import { projectKeys } from './keys';
import { texts } from './texts';

const Line = ({ label, value }: { label: string; value: string | undefined }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      {value === undefined ? <Skeleton width={120} /> : value || texts.notSet}
    </Typography>
  </Box>
);

/** Company name, mobile number and admin email of the project's business. */
export const BusinessDetailsBox = ({ businessId }: { businessId: string }) => {
  const { data } = useQuery({
    queryKey: projectKeys.business(businessId),
    queryFn: () => fetchBusinessDetails(businessId),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="business-details">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {texts.businessDetails}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
        <Line label={texts.companyName} value={data?.company} />
        <Line label={texts.mobileNumber} value={data?.contact} />
        <Line label={texts.adminEmail} value={data?.email} />
      </Box>
    </Paper>
  );
};
