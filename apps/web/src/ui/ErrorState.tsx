import { Alert, Button } from '@mui/material';
import { errorText } from '../api/errors';

const texts = { retry: 'Retry' } as const;

type Props = {
  error: unknown;
  /** The spec's text for the situation, when the server sent no message (or never answered). */
  fallback: string;
  onRetry: () => void;
};

/**
 * A load that failed: the server's message (or the fallback) and Retry. Never shown as "no rows"
 * or as zeros, which would read as data.
 */
export const ErrorState = ({ error, fallback, onRetry }: Props) => (
  <Alert
    severity="error"
    role="alert"
    data-testid="load-error"
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        {texts.retry}
      </Button>
    }
  >
    {errorText(error, fallback)}
  </Alert>
);
