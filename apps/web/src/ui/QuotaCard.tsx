import { Box, LinearProgress, Paper, Skeleton, Typography } from '@mui/material';

/** `used` is null while it loads: a count of 0 then would be a wrong figure, not a pending one. */
type Props = { label: string; used: number | null; limit: number };

export const QuotaCard = ({ label, used, limit }: Props) => (
  <Paper
    sx={{ p: 2, minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
    aria-label={label}
    aria-busy={used === null}
    role="group"
  >
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    {used === null ? (
      <Skeleton width={80} height={40} />
    ) : (
      <>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, my: 0.5 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {used}
          </Typography>
          <Typography color="text.secondary">/ {limit}</Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={limit > 0 ? Math.min(100, (used / limit) * 100) : 100}
          color={used >= limit ? 'warning' : 'primary'}
          aria-label={`${label}: ${used} of ${limit}`}
        />
      </>
    )}
  </Paper>
);
