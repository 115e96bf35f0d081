import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { BrandLogo } from '../../brand/BrandLogo';
import { BrandTheme } from '../../brand/BrandTheme';
import type { Brand } from '../../brand/brand';
import { authTexts } from '../auth/texts';
import { previewTexts as t } from './texts';

/**
 * The sign-in page as the brand paints it (AuthFrame's card, in the brand's colours), drawn small and
 * inert: nothing in it can be focused or typed into, so no one signs in from a picture.
 */
export const SignInPreview = ({ brand }: { brand: Brand }) => (
  <BrandTheme colors={brand.colors}>
    <Box
      inert
      role="img"
      aria-label={t.signInLabel}
      data-testid="sign-in-preview"
      sx={{
        bgcolor: 'background.default',
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 4,
      }}
    >
      <Paper sx={{ width: '100%', maxWidth: 340, p: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1.5 }}>
          <BrandLogo brand={brand} size={44} />
        </Box>
        <Typography variant="h6" align="center" sx={{ fontWeight: 700 }}>
          Partner Dashboard
        </Typography>
        <Typography variant="body2" align="center" color="text.secondary" sx={{ mb: 2 }}>
          Sign In
        </Typography>
        <Stack spacing={1.5}>
          <TextField size="small" label={authTexts.userNameLabel} />
          <TextField size="small" label={authTexts.passwordLabel} />
          <Button variant="contained">Continue</Button>
        </Stack>
      </Paper>
    </Box>
  </BrandTheme>
);
