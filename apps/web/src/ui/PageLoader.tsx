import { Box, CircularProgress } from '@mui/material';

export const PageLoader = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);
