import { Alert, Box, Button } from '@mui/material';
import { messages } from '@pc/contract';

/** Unhandled errors while rendering a route (a failed chunk load after a release, a bug). */
export const RouteError = () => (
  <Box sx={{ p: 4, display: 'grid', placeItems: 'center' }}>
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      {messages.unhandled}
    </Alert>
  </Box>
);
