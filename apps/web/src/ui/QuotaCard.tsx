import { Box, LinearProgress, Paper, Typography } from '@mui/material';

type Props = { label: string; used: number; limit: number };

export const QuotaCard = ({ label, used, limit }: Props) => {
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <Paper sx={{ p: 2, minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 320px' } }} aria-label={label} role="group">
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, my: 0.5 }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {used}
        </Typography>
        <Typography color="text.secondary">/ {limit}</Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} color={used >= limit ? 'warning' : 'primary'} aria-label={`${label}: ${used} of ${limit}`} />
    </Paper>
  );
};
