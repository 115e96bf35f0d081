import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

type Props = { title: string; actions?: ReactNode };

export const PageHeader = ({ title, actions }: Props) => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
  </Box>
);
