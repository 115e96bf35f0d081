import { Box, Paper, Typography } from '@mui/material';

/** Pages of later issues that live outside the signed-in layout (the embedded sign-up). */
export const PublicPlaceholder = ({ title }: { title: string }) => (
  <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
    <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">This page is coming soon.</Typography>
    </Paper>
  </Box>
);
