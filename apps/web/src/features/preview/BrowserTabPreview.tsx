import { Box, Typography } from '@mui/material';
import { pageTitle } from '@pc/contract';
import { useState } from 'react';
import { DEFAULT_FAVICON, type Brand } from '../../brand/brand';

/** A browser tab with the brand's favicon and the title every page of the console carries. */
export const BrowserTabPreview = ({ brand }: { brand: Brand }) => {
  // A favicon URL that does not load shows the console's own, as a browser would show none.
  const [failed, setFailed] = useState<string | null>(null);
  const icon = brand.faviconUrl && brand.faviconUrl !== failed ? brand.faviconUrl : DEFAULT_FAVICON;
  return (
    <Box sx={{ bgcolor: 'grey.200', borderRadius: 1, pt: 1, px: 1 }}>
      <Box
        data-testid="tab-preview"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'background.paper',
          borderRadius: '8px 8px 0 0',
          px: 1.5,
          py: 1,
          maxWidth: 320,
        }}
      >
        <Box
          component="img"
          src={icon}
          alt=""
          onError={() => setFailed(icon)}
          sx={{ width: 16, height: 16, flexShrink: 0 }}
        />
        <Typography variant="body2" noWrap>
          {pageTitle(brand.name)}
        </Typography>
      </Box>
      <Box sx={{ bgcolor: 'background.paper', px: 1.5, py: 0.75 }}>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {`${window.location.host}/login`}
        </Typography>
      </Box>
    </Box>
  );
};
