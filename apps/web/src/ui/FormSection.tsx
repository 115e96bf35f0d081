import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled group of fields laid out in two columns on wide screens. */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
      {title}
    </Typography>
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{children}</Box>
  </Box>
);
