import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One section of the project screen: a titled card of the grid. */
export const Card = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
    <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem', fontWeight: 700 }}>
      {title}
    </Typography>
    <Box sx={{ display: 'grid', gap: 1.5 }}>{children}</Box>
  </Paper>
);

/** One label: value line. */
export const Line = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div" variant="body2" data-testid={testId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** A field and its button on one row, the button under it on a phone. */
export const FieldRow = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'flex',
      gap: 1,
      alignItems: 'flex-start',
      flexWrap: 'wrap',
      '& > .MuiTextField-root': { flex: '1 1 180px' },
    }}
  >
    {children}
  </Box>
);
