import { Box, Divider, Paper, Typography } from '@mui/material';
import type { ProfileColors } from '@pc/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { brandTheme, theme } from '../../brand/theme';
import { ThemeProvider } from '../../brand/ThemeProvider';
import { pageTexts } from './texts';

type Props = {
  colors: ProfileColors | null;
  companyName?: string;
  logoUrl?: string | null;
  children: ReactNode;
};

/**
 * The page in the partner's colours: its background around a centred card, its logo and name at
 * the top. No fixed height anywhere: in a partner's iframe the card grows with its step.
 */
export const SignupFrame = ({ colors, companyName, logoUrl, children }: Props) => {
  // The console's brandTheme itself, not its BrandTheme component: a module shared with this page
  // would be split out of the chunk the console loads first.
  const partnerTheme = useMemo(() => (colors ? brandTheme(colors) : theme), [colors]);
  return (
    <ThemeProvider theme={partnerTheme}>
      <Box
        sx={{
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          px: { xs: 1.5, sm: 3 },
          py: { xs: 2, sm: 5 },
        }}
      >
        <Paper component="main" sx={{ width: '100%', maxWidth: 560, p: { xs: 2.5, sm: 4 }, minWidth: 0 }}>
          {companyName !== undefined && (
            <Box sx={{ textAlign: 'center', mb: 3 }}>
              {logoUrl && <Logo key={logoUrl} url={logoUrl} companyName={companyName} />}
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {companyName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {pageTexts.tagline}
              </Typography>
              <Divider sx={{ mt: 3 }} />
            </Box>
          )}
          {children}
        </Paper>
      </Box>
    </ThemeProvider>
  );
};

/** The partner's logo; one that does not load is left out rather than shown broken. */
const Logo = ({ url, companyName }: { url: string; companyName: string }) => {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={`${companyName} logo`}
      onError={() => setFailed(true)}
      sx={{ display: 'block', mx: 'auto', mb: 1.5, height: 56, maxWidth: '100%', objectFit: 'contain' }}
    />
  );
};
