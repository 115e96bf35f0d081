import { Alert, Box, Button } from '@mui/material';
import { messages } from '@pc/contract';
import { useRouteError } from 'react-router';

/** Unhandled errors while rendering a route (a failed chunk load after a release, a bug). */
export const RouteError = () => {
  const error = useRouteError();
  console.error(error);
  return (
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
};
