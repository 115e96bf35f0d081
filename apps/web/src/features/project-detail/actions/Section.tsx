import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled box of the tab, its actions on the title row (wrapping under it on phones). */
export const Section = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
    {children}
  </Paper>
);

/** One label: value line. */
export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', py: 0.5 }}>
    <Typography color="text.secondary" sx={{ minWidth: 140 }}>
      {label}
    </Typography>
    <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
      {children}
    </Typography>
  </Box>
);
