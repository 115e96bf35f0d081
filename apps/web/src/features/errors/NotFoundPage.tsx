import { Box, Button, Typography } from '@mui/material';
import { messages } from '@pc/contract';
import { Link as RouterLink } from 'react-router';

/** The error page; `inShell` for an unknown object inside the console's frame (a project id no one has). */
export const NotFoundPage = ({ inShell = false }: { inShell?: boolean }) => (
  <Box
    component={inShell ? 'section' : 'main'}
    sx={{ minHeight: inShell ? '60vh' : '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
  >
    <Box>
      <Typography
        variant="h1"
        component="p"
        color="primary"
        sx={{ fontWeight: 800, fontSize: { xs: 72, md: 120 }, lineHeight: 1 }}
        aria-hidden
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, my: 2 }}>
        {messages.notFound}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Home
      </Button>
    </Box>
  </Box>
);
