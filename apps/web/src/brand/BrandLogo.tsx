import { Box, Typography } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import { useState } from 'react';
import type { Brand } from './brand';

type Props = {
  brand: Brand;
  size?: number;
  maxWidth?: number;
  /** Shows the brand name beside the default mark (a brand's own logo carries its name). */
  showName?: boolean;
  /** A square space (the narrow rail) takes the brand's square favicon over a wide logo. */
  square?: boolean;
};

export const BrandLogo = ({ brand, size = 40, maxWidth = size * 3, showName = false, square = false }: Props) => {
  // A logo URL that does not load falls back to the default mark rather than a broken image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const wanted = square ? (brand.faviconUrl ?? brand.logoUrl) : brand.logoUrl;
  const logoUrl = wanted && wanted !== failedUrl ? wanted : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {logoUrl ? (
        <Box
          component="img"
          src={logoUrl}
          alt={`${brand.displayName} logo`}
          onError={() => setFailedUrl(logoUrl)}
          sx={{ height: size, maxWidth, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : (
        <Box
          role="img"
          aria-label={`${brand.displayName} logo`}
          sx={{
            width: size,
            height: size,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          }}
        >
          <ForumRoundedIcon sx={{ fontSize: size * 0.6 }} />
        </Box>
      )}
      {showName && !logoUrl && (
        <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
          {brand.displayName}
        </Typography>
      )}
    </Box>
  );
};
