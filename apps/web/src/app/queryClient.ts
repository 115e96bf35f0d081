import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';

// Client errors will not change on retry; only a failed connection or a server hiccup may.
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    // A change is sent now or fails now, with its screen's failure text: never held while offline
    // and sent unseen when the connection returns (a credit or a plan change long after the click).
    mutations: { retry: false, networkMode: 'always' },
  },
});
