import { Box, Typography } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import type { Brand } from './brand';

type Props = { brand: Brand; size?: number; showName?: boolean };

export const BrandLogo = ({ brand, size = 40, showName = false }: Props) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
    {brand.logoUrl ? (
      <Box component="img" src={brand.logoUrl} alt={`${brand.displayName} logo`} sx={{ height: size, maxWidth: size * 3, objectFit: 'contain' }} />
    ) : (
      <Box
        role="img"
        aria-label={`${brand.displayName} logo`}
        sx={{ width: size, height: size, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', flexShrink: 0 }}
      >
        <ForumRoundedIcon sx={{ fontSize: size * 0.6 }} />
      </Box>
    )}
    {showName && (
      <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
        {brand.displayName}
      </Typography>
    )}
  </Box>
);
