import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../brand/BrandLogo';
import { BrandTheme } from '../../brand/BrandTheme';
import { usePublicBrand } from '../../brand/usePublicBrand';

type Props = { heading: string; children: ReactNode };

/** The branded card of the pages shown before sign-in. */
export const AuthFrame = ({ heading, children }: Props) => {
  const brand = usePublicBrand();
  return (
    <BrandTheme colors={brand.colors}>
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
        <Paper component="main" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <BrandLogo brand={brand} size={56} />
          </Box>
          <Typography variant="h5" component="h1" align="center" sx={{ fontWeight: 700 }}>
            Partner Dashboard
          </Typography>
          <Typography variant="subtitle1" component="h2" align="center" color="text.secondary" sx={{ mb: 3 }}>
            {heading}
          </Typography>
          {children}
        </Paper>
      </Box>
    </BrandTheme>
  );
};
