import { Box, Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One part of the Meta Ad tab: its heading (with a status beside it), then its content. */
export const AdSection = ({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
          mb: 1.5,
        }}
      >
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {/* One column that may shrink below its content's width: long names are cut, never overflow. */}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>{children}</Box>
    </Paper>
  );
};
